// Browser state of /hashtags' selection: the member's chosen hashtags, picked or dropped one at a
// time (never beyond the server's limit), and Save, which checks them as the server will and
// sends them; a refusal shows above the button in the page's language and the selection stays.
import { useState } from "react";
import { errorMessage, postJson } from "./api.ts";
import { toast } from "./toast.ts";
import { storeFiltersLocally } from "./filters_store.ts";
import {
  type Filters,
  hashtagListProblem,
  MAX_HASHTAGS,
  tooManyHashtags,
} from "../shared/filters.ts";
import { tr } from "../shared/i18n/messages.ts";
import { say } from "../shared/i18n/said.ts";
import type home from "../shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export interface HashtagSelection {
  selected: string[];
  /** The refusal shown above Save, or "". */
  error: string;
  saving: boolean;
  toggle(name: string): void;
  save(): Promise<void>;
}

export function useHashtagSelection(initial: string[]): HashtagSelection {
  const [selected, setSelected] = useState<string[]>(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState("");

  /** Selects or drops a tag; a selection beyond the server's limit is refused, in its words. */
  function toggle(name: string) {
    if (!selected.includes(name) && selected.length >= MAX_HASHTAGS) {
      return setError(say(tooManyHashtags()));
    }
    setError("");
    setSelected((list) => list.includes(name) ? list.filter((t) => t !== name) : [...list, name]);
  }

  async function save() {
    if (selected.length === 0) {
      toast({
        title: t("noHashtags"),
        description: t("noHashtagsDescription"),
        variant: "destructive",
      });
      return;
    }
    // Refused before sending, with the server's own text; the selection stays.
    const problem = hashtagListProblem(selected);
    if (problem) return setError(say(problem));
    setError("");
    setSaving(true);
    try {
      const saved = await postJson<Filters>("/api/filters", { hashtags: selected });
      storeFiltersLocally(saved);
      setSelected(saved.hashtags);
      toast({
        title: t("hashtagsSaved"),
        description: t("hashtagsSavedDescription"),
      });
    } catch (err) {
      // The selection stays as it was; the server's reason shows above the button.
      const text = errorMessage(err, t("hashtagsErrorDescription"));
      toast({ title: t("hashtagsError"), description: text, variant: "destructive" });
      setError(text);
    } finally {
      setSaving(false);
    }
  }

  return { selected, error, saving, toggle, save };
}
