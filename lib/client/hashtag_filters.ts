// A hashtag chip that adds its tag to the member's saved filters, or takes it off again when it is
// already there: the map's region panel and the home page's 'Popular this week' both use this one
// function. The saved list is read fresh before the change, so hashtags chosen on another page or
// tab since this one loaded are kept; a refusal (e.g. one hashtag too many) shows the server's own
// reason. Changes run one after another, so two quick taps both land.
import { useState } from "react";
import { errorMessage, getJson, postJson } from "./api.ts";
import { toast } from "./toast.ts";
import { storeFiltersLocally } from "./filters_store.ts";
import type { Filters } from "../shared/filters.ts";
import { tr } from "../shared/i18n/messages.ts";
import type home from "../shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

/**
 * Puts `tag` into the member's filters (`include` true) or takes it out, then says so in a toast.
 * Answers the saved hashtags, or null when the change failed (the toast then gives the reason).
 */
export function setHashtagInFilters(tag: string, include: boolean): Promise<string[] | null> {
  const run = queue.then(() => change(tag, include));
  queue = run;
  return run;
}

let queue: Promise<unknown> = Promise.resolve();

async function change(tag: string, include: boolean): Promise<string[] | null> {
  try {
    const current = await getJson<Filters>("/api/filters");
    const has = current.hashtags.includes(tag);
    let saved = current;
    if (has !== include) {
      const hashtags = include
        ? [...current.hashtags, tag]
        : current.hashtags.filter((t) => t !== tag);
      saved = await postJson<Filters>("/api/filters", { hashtags });
    }
    storeFiltersLocally(saved);
    toast({
      title: t(include ? "tagAdded" : "tagRemoved", { tag }),
      description: t("filtersSavedDescription"),
    });
    return saved.hashtags;
  } catch (err) {
    toast({
      title: t("saveError"),
      description: errorMessage(err, t("saveErrorDescription")),
      variant: "destructive",
    });
    return null;
  }
}

/**
 * The state of a set of hashtag chips: the member's hashtags (`mine`, from the page at first),
 * the chips whose change is on its way, and `toggle`, what a tap on a chip does.
 */
export function useHashtagChips(initial: string[]) {
  const [mine, setMine] = useState<string[]>(initial);
  const [pending, setPending] = useState<string[]>([]);
  async function toggle(tag: string) {
    if (pending.includes(tag)) return;
    setPending((p) => [...p, tag]);
    const saved = await setHashtagInFilters(tag, !mine.includes(tag));
    if (saved) setMine(saved);
    setPending((p) => p.filter((t) => t !== tag));
  }
  return { mine, pending, toggle };
}
