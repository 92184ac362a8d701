// The discover (home) screen: Start POV Connection, the connection-preference summary, interests
// (up to 6 hashtags, then '+N more') and the 'Popular this week' chips; on a plan with a daily
// limit, the sessions left today.
import { POPULAR_HASHTAGS } from "../lib/constants.ts";
import { PLANS_TEXT, sessionsLeftText } from "../lib/billing/plans.ts";
import type { Filters } from "../lib/filters.ts";
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
}

export function Discover({ filters, username, sessionsLeft }: DiscoverProps) {
  const shown = filters.hashtags.slice(0, 6);
  const more = filters.hashtags.length - shown.length;
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
      <section class="card" aria-labelledby="interests-title">
        <div class="card-head">
          <h2 id="interests-title" class="card-title">Your interests</h2>
          <a class="header-link" href="/hashtags">Edit</a>
        </div>
        <ul class="chip-list">
          {shown.map((t) => <li key={t} class="chip">#{t}</li>)}
          {more > 0 && <li class="chip chip-more">+{more} more</li>}
        </ul>
      </section>
      <section class="card" aria-labelledby="popular-title">
        <h2 id="popular-title" class="card-title">Popular this week</h2>
        <ul class="chip-list">
          {POPULAR_HASHTAGS.map((t) => <li key={t} class="chip">#{t}</li>)}
        </ul>
      </section>
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
