// A list of hashtag chips a member taps to add the tag to their filters (pressed: already there;
// a second tap takes it off). The state and the saving live in lib/client/hashtag_filters.ts.

export interface HashtagChipsProps {
  tags: readonly string[];
  /** The member's saved hashtags. */
  mine: readonly string[];
  /** Tags whose change is on its way. */
  pending: readonly string[];
  onToggle: (tag: string) => void;
  /** The list's accessible name. */
  label: string;
}

export function HashtagChips({ tags, mine, pending, onToggle, label }: HashtagChipsProps) {
  return (
    <ul class="chip-list" aria-label={label}>
      {tags.map((t) => (
        <li key={t}>
          <button
            type="button"
            class="chip chip-button"
            aria-pressed={mine.includes(t)}
            aria-busy={pending.includes(t) || undefined}
            onClick={() => onToggle(t)}
          >
            #{t}
          </button>
        </li>
      ))}
    </ul>
  );
}
