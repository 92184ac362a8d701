// The home namespace renders in the page's language: the welcome screen, the home (Discover)
// page with its hashtag cards, /hashtags, the discovery map, the offline page and the not-found
// page rendered in Japanese and German show no English word of the English catalog (beyond the
// brand, product terms and words the translation itself uses), name countries and continents in
// the language, and render the exact English texts in English.
import assert from "node:assert/strict";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "preact-render-to-string";
import { withMessages } from "../../lib/shared/i18n/messages.ts";
import { serverMessages } from "../../lib/server/i18n/catalogs.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";
import home from "../../lib/shared/i18n/catalog/home/mod.ts";
import { DEFAULT_FILTERS, type Filters, REGIONS } from "../../lib/shared/filters.ts";
import { WelcomeScreen } from "../../components/WelcomeScreen.tsx";
import { Discover } from "../../components/Discover.tsx";
import { OfflineScreen } from "../../components/OfflineScreen.tsx";
import { FallbackScreen } from "../../routes/pages/public.tsx";
import HomeHashtags from "../../islands/HomeHashtags.tsx";
import HashtagBrowser from "../../islands/HashtagBrowser.tsx";
import MapDiscovery from "../../islands/MapDiscovery.tsx";

/** Words that are the same in every language: the brand and the product's terms. */
const SAME_EVERYWHERE = new Set(["glimpse", "pov"]);

const WORD = /\p{L}[\p{L}'’]*/gu;

const ENTITIES: Record<string, string> = {
  "&quot;": '"',
  "&#34;": '"',
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
  "&nbsp;": "\u00a0",
};

/** What a person reads or hears: the text between tags and the attributes read aloud. */
function visibleText(html: string): string {
  const read = [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) =>
    m[1]
  );
  const text = html.replace(/<svg[\s\S]*?<\/svg>/g, " ").replace(/<[^>]+>/g, " ");
  return [text, ...read].join(" ").replace(/&(quot|#34|#39|lt|gt|amp|nbsp);/g, (e) => ENTITIES[e])
    // Hashtags are the members' words, in any language.
    .replace(/#[\p{L}\p{N}_]+/gu, " ");
}

const wordsOf = (texts: string[]) =>
  new Set(
    texts.flatMap((t) => (t.replace(/\{\w+\}/g, " ").match(WORD) ?? [])).map((w) =>
      w.toLowerCase()
    ),
  );

const textsOf = (catalog: Record<string, unknown>) =>
  Object.values(catalog).flatMap((m) => typeof m === "string" ? [m] : Object.values(m as object));

/** The English catalog's words that the `locale` catalog does not use itself. */
function englishOnlyWords(locale: Locale): string[] {
  const own = wordsOf(textsOf(home[locale]));
  return [...wordsOf(textsOf(home.en))].filter((w) =>
    w.length > 1 && !SAME_EVERYWHERE.has(w) && !own.has(w)
  );
}

const FILTERS: Filters = {
  ...structuredClone(DEFAULT_FILTERS),
  hashtags: ["adventure", "travel", "food", "music", "art", "books", "cats", "dogs"],
  locationPreference: "country",
  countryPreference: "Germany",
};

const REGION_SUMMARIES = REGIONS.map((r, i) => ({
  id: r.id,
  name: r.name,
  x: r.x,
  y: r.y,
  users: i,
  hashtags: i % 2 ? ["streetfood"] : [],
}));

const pages: Record<string, () => ReactNode> = {
  welcome: () => h(WelcomeScreen, null),
  home: () =>
    h(Discover, {
      filters: FILTERS,
      username: "Mika",
      sessionsLeft: 2,
      hashtags: h(HomeHashtags, { hashtags: FILTERS.hashtags, popular: ["nature", "beach"] }),
    }),
  "home, no sessions left": () =>
    h(Discover, {
      filters: { ...FILTERS, locationPreference: "continent", continentPreference: "Europe" },
      username: "Mika",
      sessionsLeft: 0,
      hashtags: null,
    }),
  hashtags: () => h(HashtagBrowser, { selected: ["travel"] }),
  "hashtags, none chosen": () => h(HashtagBrowser, { selected: [] }),
  map: () => h(MapDiscovery, { regions: REGION_SUMMARIES, myHashtags: [], viewBox: "0 0 10 10" }),
  offline: () => h(OfflineScreen, null),
  "not found": () => h(FallbackScreen, { path: "/nowhere", notFound: true }),
  simple: () => h(FallbackScreen, { path: "/simple", notFound: false }),
};

const render = (locale: Locale, page: () => ReactNode) =>
  withMessages(serverMessages(locale), () => renderToString(page() as preact.VNode));

for (const locale of ["ja", "de"] as const) {
  Deno.test(`i18n home: the welcome screen and home pages in ${locale} keep no English`, () => {
    const english = englishOnlyWords(locale);
    const problems: string[] = [];
    for (const [name, page] of Object.entries(pages)) {
      const html = render(locale, page);
      assert.ok(!/\bhome\.\w+/.test(html), `${name}: a key without a message`);
      const text = visibleText(html);
      for (const word of english) {
        if (new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, "iu").test(text)) {
          problems.push(`${name}: "${word}" in ${text.replace(/\s+/g, " ").trim()}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });
}

Deno.test("i18n home: countries by Intl.DisplayNames, continents and counts in the language", () => {
  const de = render("de", pages.home);
  assert.ok(de.includes("Land: Deutschland"), "the country in German");
  assert.ok(de.includes("Hi Mika, wohin als Nächstes?"));
  assert.ok(de.includes("Heute noch 2 Sessions"));
  assert.ok(de.includes("+2 weitere"));
  const ja = render("ja", pages.home);
  assert.ok(ja.includes("国：ドイツ"), "the country in Japanese");
  assert.ok(render("de", pages["home, no sessions left"]).includes("Kontinent: Europa"));
  const map = render("ja", pages.map);
  for (const name of ["アフリカ", "ヨーロッパ", "北アメリカ", "オセアニア"]) {
    assert.ok(map.includes(name), name);
  }
  assert.ok(map.includes(`aria-label="ヨーロッパ、1 人オンライン"`));
});

Deno.test("i18n home: English renders the exact English texts", () => {
  const html = render("en", pages.home);
  for (
    const text of [
      "Hi Mika, where to next?",
      "Country: Germany",
      "2 sessions left today",
      "+2 more",
      "Start POV Connection",
      "Connection preference",
      "Your interests",
      "Popular this week",
    ]
  ) assert.ok(html.includes(text), text);
  assert.ok(
    render("en", () =>
      h(Discover, {
        filters: FILTERS,
        username: "Mika",
        sessionsLeft: 1,
        hashtags: null,
      })).includes("1 session left today"),
  );
  assert.ok(render("en", pages["home, no sessions left"]).includes("Continent: Europe"));
  const map = render("en", pages.map);
  assert.ok(map.includes(`aria-label="Europe, 1 online"`));
  assert.ok(map.includes("Members online:"));
  const welcome = render("en", pages.welcome);
  assert.ok(welcome.includes("See the world through a stranger"));
  assert.ok(welcome.includes(">Get Started</a>"));
  assert.ok(
    render("en", pages["not found"]).includes(
      "There is nothing at /nowhere. It may have moved, or the link may be mistyped.",
    ),
  );
});
