// /filters' Hashtags card: the tag being typed (Enter or Add adds it) with its hint, or the
// server's text for a tag it would refuse, and a length count; the quick-add chips; and the
// member's hashtags, each with its remove button.
import type { JSX } from "react";
import { MAX_HASHTAG_LENGTH, MAX_HASHTAGS, QUICK_ADD_HASHTAGS } from "../../lib/shared/filters.ts";
import type { HashtagDraft } from "../../lib/client/filters_editor.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export function HashtagsSection({ tags }: { tags: HashtagDraft }) {
  const { input, tagProblem } = tags;

  function onKeyDown(e: JSX.TargetedKeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      if (input.trim()) tags.add(input, true);
    }
  }

  return (
    <section class="card form" aria-labelledby="tags-title">
      <h2 id="tags-title" class="card-title">{t("hashtags")}</h2>
      <div class="inline-field">
        <div class="field grow">
          <label for="tag-input" class="sr-only">{t("addHashtag")}</label>
          <input
            id="tag-input"
            value={input}
            placeholder={t("addHashtag")}
            onInput={(e) => tags.type(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            autoCapitalize="none"
            spellcheck={false}
            aria-invalid={tagProblem ? true : undefined}
            aria-describedby="tag-input-hint"
          />
        </div>
        <button
          type="button"
          class="button button-secondary"
          disabled={!input.trim()}
          onClick={() => tags.add(input, true)}
        >
          {t("add")}
        </button>
      </div>
      <p id="tag-input-hint" class="field-hint" data-state={tagProblem ? "error" : "idle"}>
        <span class="field-hint-text" aria-live="polite">
          {tagProblem
            ? say(tagProblem)
            : t("hashtagHint", { length: MAX_HASHTAG_LENGTH, max: MAX_HASHTAGS })}
        </span>
        <span class="field-count" data-over={tags.typedProblem ? "true" : undefined}>
          {[...tags.typed].length}/{MAX_HASHTAG_LENGTH}
        </span>
      </p>
      <div class="quick-add">
        <span class="muted">{t("quickAdd")}</span>
        {QUICK_ADD_HASHTAGS.map((tag) => (
          <button
            key={tag}
            type="button"
            class="chip chip-button"
            onClick={() => tags.add(tag, false)}
          >
            +#{tag}
          </button>
        ))}
      </div>
      <ul class="chip-list" aria-label={t("yourHashtags")}>
        {tags.hashtags.map((tag) => (
          <li key={tag} class="chip">
            #{tag}
            <button
              type="button"
              class="chip-remove"
              aria-label={t("removeHashtag", { tag })}
              onClick={() => tags.remove(tag)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
