// The home page's hashtag cards: 'Your interests' (up to 6 of the member's hashtags, then
// '+N more') and 'Popular this week', whose chips add their tag to the member's filters; the
// interests card follows at once.
import { HashtagChips } from "../components/HashtagChips.tsx";
import { useHashtagChips } from "../lib/client/hashtag_filters.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export interface HomeHashtagsProps {
  /** The member's saved hashtags. */
  hashtags: string[];
  /** The popular hashtags offered. */
  popular: string[];
}

const INTERESTS_SHOWN = 6;

export default function HomeHashtags({ hashtags, popular }: HomeHashtagsProps) {
  const { mine, pending, toggle } = useHashtagChips(hashtags);
  const shown = mine.slice(0, INTERESTS_SHOWN);
  const more = mine.length - shown.length;
  return (
    <>
      <section class="card" aria-labelledby="interests-title">
        <div class="card-head">
          <h2 id="interests-title" class="card-title">{t("interestsTitle")}</h2>
          <a class="header-link" href="/hashtags">{t("edit")}</a>
        </div>
        <ul class="chip-list">
          {shown.map((tag) => <li key={tag} class="chip">#{tag}</li>)}
          {more > 0 && <li class="chip chip-more">{t("moreInterests", { count: more })}</li>}
        </ul>
      </section>
      <section class="card" aria-labelledby="popular-title">
        <h2 id="popular-title" class="card-title">{t("popularTitle")}</h2>
        <p class="muted">{t("popularHint")}</p>
        <HashtagChips
          tags={popular}
          mine={mine}
          pending={pending}
          onToggle={toggle}
          label={t("popularTitle")}
        />
      </section>
    </>
  );
}
