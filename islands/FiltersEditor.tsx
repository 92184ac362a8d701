// /filters: where to meet, the language and the hashtags, each a card (components/filters/),
// then Cancel and Save. The state and Save are lib/client/filters_editor.ts's.
import { useFiltersEditor } from "../lib/client/filters_editor.ts";
import type { Filters } from "../lib/shared/filters.ts";
import { WhereSection } from "../components/filters/WhereSection.tsx";
import { LanguageSection } from "../components/filters/LanguageSection.tsx";
import { HashtagsSection } from "../components/filters/HashtagsSection.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type profile from "../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

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
        <a class="button button-secondary" href="/">{t("cancel")}</a>
        <button
          type="button"
          class="button button-primary"
          onClick={form.save}
          disabled={form.saving}
        >
          {form.saving ? t("saving") : t("save")}
        </button>
      </div>
    </div>
  );
}
