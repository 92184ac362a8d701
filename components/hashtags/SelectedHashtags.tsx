// /hashtags' Selected card: how many are chosen, each with its remove button, the refusal if
// any, and Save.
import type { HashtagSelection } from "../../lib/client/hashtag_selection.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type home from "../../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export function SelectedHashtags({ selection }: { selection: HashtagSelection }) {
  const { selected, error, saving, toggle, save } = selection;
  return (
    <section class="card" aria-labelledby="selected-title">
      <h2 id="selected-title" class="card-title">
        {t("selectedCount", { count: selected.length })}
      </h2>
      {selected.length === 0 ? <p class="muted">{t("pickAtLeastOne")}</p> : (
        <ul class="chip-list">
          {selected.map((tag) => (
            <li key={tag} class="chip">
              #{tag}
              <button
                type="button"
                class="chip-remove"
                aria-label={t("removeTag", { tag })}
                onClick={() => toggle(tag)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p class="form-error" role="alert">{error}</p>}
      <button
        type="button"
        class="button button-primary button-block save-hashtags"
        onClick={save}
        disabled={saving}
      >
        {saving ? t("saving") : t("saveHashtags")}
      </button>
    </section>
  );
}
