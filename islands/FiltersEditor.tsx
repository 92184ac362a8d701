// /filters: where to meet, the language and the hashtags, each a card (components/filters/),
// then Cancel and Save. The state and Save are client/filters_editor.ts's.
import { useFiltersEditor } from "../client/filters_editor.ts";
import type { Filters } from "../shared/filters.ts";
import { WhereSection } from "../components/filters/WhereSection.tsx";
import { LanguageSection } from "../components/filters/LanguageSection.tsx";
import { HashtagsSection } from "../components/filters/HashtagsSection.tsx";

export interface FiltersEditorProps {
  filters: Filters;
}

export default function FiltersEditor({ filters }: FiltersEditorProps) {
  const form = useFiltersEditor(filters);
  return (
    <div class="stack">
      <WhereSection where={form.where} />
      <LanguageSection language={form.language} onLanguage={form.setLanguage} />
      <HashtagsSection tags={form.tags} />
      {form.saveError && <p class="form-error" role="alert">{form.saveError}</p>}
      <div class="button-row button-row-end">
        <a class="button button-secondary" href="/">Cancel</a>
        <button
          type="button"
          class="button button-primary"
          onClick={form.save}
          disabled={form.saving}
        >
          {form.saving ? "Saving..." : "Save"}
        </button>
      </div>
    </div>
  );
}
