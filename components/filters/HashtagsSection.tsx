// /filters' Hashtags card: the tag being typed (Enter or Add adds it) with its hint, or the
// server's text for a tag it would refuse, and a length count; the quick-add chips; and the
// member's hashtags, each with its remove button.
import type { JSX } from "react";
import { FILTER_TEXT, MAX_HASHTAG_LENGTH, QUICK_ADD_HASHTAGS } from "../../shared/filters.ts";
import type { HashtagDraft } from "../../client/filters_editor.ts";

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
      <h2 id="tags-title" class="card-title">Hashtags</h2>
      <div class="inline-field">
        <div class="field grow">
          <label for="tag-input" class="sr-only">Add a hashtag</label>
          <input
            id="tag-input"
            value={input}
            placeholder="Add a hashtag"
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
          Add
        </button>
      </div>
      <p id="tag-input-hint" class="field-hint" data-state={tagProblem ? "error" : "idle"}>
        <span class="field-hint-text" aria-live="polite">
          {tagProblem || FILTER_TEXT.hashtagHint}
        </span>
        <span class="field-count" data-over={tags.typedProblem ? "true" : undefined}>
          {[...tags.typed].length}/{MAX_HASHTAG_LENGTH}
        </span>
      </p>
      <div class="quick-add">
        <span class="muted">Quick add:</span>
        {QUICK_ADD_HASHTAGS.map((t) => (
          <button
            key={t}
            type="button"
            class="chip chip-button"
            onClick={() => tags.add(t, false)}
          >
            +#{t}
          </button>
        ))}
      </div>
      <ul class="chip-list" aria-label="Your hashtags">
        {tags.hashtags.map((t) => (
          <li key={t} class="chip">
            #{t}
            <button
              type="button"
              class="chip-remove"
              aria-label={`Remove #${t}`}
              onClick={() => tags.remove(t)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
