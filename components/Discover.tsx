// The discover (home) screen: Start POV Connection, the connection-preference summary, then the
// hashtag cards (interests and 'Popular this week', an island the page passes in); on a plan with
// a daily limit, the sessions left today.
import type { ReactNode } from "react";
import type { Filters } from "../lib/shared/filters.ts";
import { countryName } from "../lib/shared/geo/country_codes.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";
import { continentName } from "./continent_name.ts";
import { Icon } from "./Icon.tsx";

const t = tr<typeof home>("home");

/** Each location preference's line, by its home message. */
const PREFERENCE_KEYS: Record<Filters["locationPreference"], keyof typeof home> = {
  global: "prefGlobal",
  continent: "prefContinent",
  country: "prefCountry",
  city: "prefCity",
  nearby: "prefNearby",
};

/** The member's location preference in a line, in the page's language. */
export function preferenceSummary(f: Filters): string {
  if (f.locationPreference === "country" && f.countryPreference) {
    return t("prefCountryNamed", { country: countryName(f.countryPreference) });
  }
  if (f.locationPreference === "continent" && f.continentPreference) {
    return t("prefContinentNamed", { continent: continentName(f.continentPreference) });
  }
  return t(PREFERENCE_KEYS[f.locationPreference]);
}

export interface DiscoverProps {
  filters: Filters;
  username: string;
  /** Sessions left today on the member's plan; null on an unlimited plan. */
  sessionsLeft: number | null;
  /** The interests and 'Popular this week' cards (islands/HomeHashtags.tsx). */
  hashtags: ReactNode;
}

export function Discover({ filters, username, sessionsLeft, hashtags }: DiscoverProps) {
  return (
    <div class="discover stack">
      <section class="hero discover-hero" aria-labelledby="discover-title">
        <h1 id="discover-title" class="hero-title">{t("greeting", { username })}</h1>
        <p class="hero-subtitle">{t("discoverSubtitle")}</p>
        <a class="button button-primary button-large" href="/connecting">
          <Icon name="video" /> {t("startPov")}
        </a>
        {sessionsLeft !== null && <SessionsLeft left={sessionsLeft} />}
      </section>
      <section class="card" aria-labelledby="pref-title">
        <div class="card-head">
          <h2 id="pref-title" class="card-title">{t("prefTitle")}</h2>
          <a class="header-link" href="/filters">{t("edit")}</a>
        </div>
        <p class="muted">{preferenceSummary(filters)}</p>
      </section>
      {hashtags}
    </div>
  );
}

/** 'N sessions left today'; with none left, the way to the plans. */
function SessionsLeft({ left }: { left: number }) {
  return (
    <p class={left === 0 ? "sessions-left sessions-left-none" : "sessions-left"}>
      {left === 0 ? t("noSessionsLeft") : t("sessionsLeft", { count: left })}
      {left === 0 && (
        <>
          {" — "}
          <a href="/subscriptions">{t("seePlans")}</a>
        </>
      )}
    </p>
  );
}
