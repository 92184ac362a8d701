// The discover (home) screen: Start POV Connection, the connection-preference summary, then the
// hashtag cards (interests and 'Popular this week', an island the page passes in); on a plan with
// a daily limit, the sessions left today.
import type { ReactNode } from "react";
import { PLANS_TEXT, sessionsLeftText } from "../shared/plans.ts";
import type { Filters } from "../shared/filters.ts";
import { Icon } from "./Icon.tsx";

const PREFERENCE_TEXT: Record<Filters["locationPreference"], string> = {
  global: "Global: match with anyone in the world",
  continent: "Continent: match with people in the chosen place",
  country: "Country: match with people in the chosen place",
  city: "City: match with people in your city",
  nearby: "Nearby: match within 25km",
};

export function preferenceSummary(f: Filters): string {
  if (f.locationPreference === "country" && f.countryPreference) {
    return `Country: ${f.countryPreference}`;
  }
  if (f.locationPreference === "continent" && f.continentPreference) {
    return `Continent: ${f.continentPreference}`;
  }
  return PREFERENCE_TEXT[f.locationPreference];
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
        <h1 id="discover-title" class="hero-title">Hi {username}, where to next?</h1>
        <p class="hero-subtitle">
          Meet a stranger's point of view for 30 seconds. Point your rear camera at where you are.
        </p>
        <a class="button button-primary button-large" href="/connecting">
          <Icon name="video" /> Start POV Connection
        </a>
        {sessionsLeft !== null && <SessionsLeft left={sessionsLeft} />}
      </section>
      <section class="card" aria-labelledby="pref-title">
        <div class="card-head">
          <h2 id="pref-title" class="card-title">Connection preference</h2>
          <a class="header-link" href="/filters">Edit</a>
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
      {sessionsLeftText(left)}
      {left === 0 && (
        <>
          {" — "}
          <a href="/subscriptions">{PLANS_TEXT.seePlans}</a>
        </>
      )}
    </p>
  );
}
