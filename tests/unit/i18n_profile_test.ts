// The profile namespace in other languages: /filters names the languages, countries and
// continents with Intl in the page's language (not with a table of our own) and lists them in
// its collation's order; /profile rendered in Japanese, with only the messages its island ships,
// keeps no English word of the English catalog.
import { Devices } from "../../components/profile/Devices.tsx";
import type { DeviceView } from "../../lib/shared/devices.ts";
import assert from "node:assert/strict";
import { h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { useForm } from "../../lib/client/form.ts";
import type { LocationChoice } from "../../lib/client/filters_editor.ts";
import { LanguageSection } from "../../components/filters/LanguageSection.tsx";
import { WhereSection } from "../../components/filters/WhereSection.tsx";
import { PASSWORD_VALUES, PasswordForm } from "../../components/profile/PasswordForm.tsx";
import { PrivacySwitches } from "../../components/profile/PrivacySwitches.tsx";
import { DeleteAccount } from "../../components/profile/DeleteAccount.tsx";
import ProfilePage from "../../islands/ProfilePage.tsx";
import FiltersEditor from "../../islands/FiltersEditor.tsx";
import { pageMessages, sayIn, serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { ISLAND_MESSAGES } from "../../lib/server/render/islands_registry.ts";
import { LANGUAGES, type PublicUser } from "../../lib/shared/auth/types.ts";
import {
  CONTINENTS,
  COUNTRIES,
  DEFAULT_FILTERS,
  type LocationPreference,
} from "../../lib/shared/filters.ts";
import { CONTINENT_CODES, CONTINENT_NAMES } from "../../lib/shared/geo/continents.ts";
import { COUNTRY_CODES } from "../../lib/shared/geo/country_codes.ts";
import { type MessageStore, withMessages } from "../../lib/shared/i18n/messages.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";
import profileEn from "../../lib/shared/i18n/catalog/profile/en.ts";
import profileCatalogs from "../../lib/shared/i18n/catalog/profile/mod.ts";
import type { PasskeysAnswer } from "../../lib/shared/auth/passkeys.ts";

const NO_PASSKEYS: PasskeysAnswer = { passkeys: [], hasPassword: true, emailVerified: true };

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);

/** The select whose label is `label`, as rendered. */
function selectOf(html: string, label: string): string {
  const at = html.indexOf(`<span>${label}</span>`);
  assert.ok(at >= 0, `no field labelled ${label}`);
  return html.slice(at, html.indexOf("</select>", at));
}

/** The options' texts of the select whose label is `label`. */
const optionsOf = (html: string, label: string) =>
  [...selectOf(html, label).matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => decode(m[1]));

/** What a person reads or hears: the text nodes and the read attributes. */
function visibleText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)]
    .map((m) => m[1]);
  const text = html.replace(/<[^>]*>/g, "\n");
  return decode([...attributes, text].join("\n"));
}

const collated = (locale: string, names: string[]) =>
  [...names].sort(new Intl.Collator(locale).compare);

function where(preference: LocationPreference): LocationChoice {
  return {
    preference,
    country: "Poland",
    continent: "Europe",
    choose() {},
    setCountry() {},
    setContinent() {},
    widen: false,
    setWiden() {},
  };
}

const render = <P>(store: MessageStore, vnode: VNode<P>) =>
  withMessages(store, () => renderToString(vnode as VNode));

/** Intl.DisplayNames as a browser's: it names the UN M.49 areas (Deno's ICU data does not). */
function withBrowserAreaNames<T>(names: Record<string, string>, run: () => T): T {
  const Real = Intl.DisplayNames;
  class BrowserDisplayNames extends Real {
    override of(code: string): string | undefined {
      return /^\d{3}$/.test(code) && names[code] ? names[code] : super.of(code);
    }
  }
  const intl = Intl as { DisplayNames: typeof Real };
  intl.DisplayNames = BrowserDisplayNames;
  try {
    return run();
  } finally {
    intl.DisplayNames = Real;
  }
}

for (const locale of ["de", "ja"] as const) {
  const store = serverMessages(locale);

  Deno.test(`filters (${locale}): the languages are Intl's names, in the collation's order`, () => {
    const html = render(store, h(LanguageSection, { language: "any", onLanguage() {} }));
    const t = profileCatalogs[locale];
    const [any, ...languages] = optionsOf(html, t.languagePreference);
    assert.equal(any, t.anyLanguage);
    const intl = new Intl.DisplayNames([locale], { type: "language" });
    const names = LANGUAGES.map((code) => {
      const name = intl.of(code)!;
      return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    });
    assert.deepEqual(languages, collated(locale, names));
    const inEnglish = new Intl.DisplayNames(["en"], { type: "language" });
    for (const english of LANGUAGES.map((code) => inEnglish.of(code)!)) {
      assert.ok(!languages.includes(english), `${english} is not named in English`);
    }
  });

  Deno.test(`filters (${locale}): the continents are Intl's names, in the collation's order`, () => {
    const t = profileCatalogs[locale];
    // As a browser names them (its Intl knows the M.49 areas): Intl's names are the ones shown.
    const browser = Object.fromEntries(
      Object.values(CONTINENT_CODES).map((code) => [code, `${code}·${locale}·Intl`]),
    );
    const shown = withBrowserAreaNames(
      browser,
      () => optionsOf(render(store, h(WhereSection, { where: where("continent") })), t.continent),
    );
    assert.deepEqual(shown, collated(locale, Object.values(browser)));

    // Here (Deno's ICU data has no names for the M.49 areas) each is Intl's where it has one,
    // else the catalog's, never the bare code; still in the collation's order.
    const html = render(store, h(WhereSection, { where: where("continent") }));
    const names = optionsOf(html, t.continent);
    const intl = new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
    // The common catalog's names, which every page reads.
    const fallback = (c: (typeof CONTINENTS)[number]) => sayIn(locale, CONTINENT_NAMES[c]);
    const expected = CONTINENTS.map((c) => intl.of(CONTINENT_CODES[c]) ?? fallback(c));
    assert.deepEqual(names, collated(locale, expected));
    for (const c of CONTINENTS) {
      assert.ok(!names.includes(CONTINENT_CODES[c]), `${c} is named, not numbered`);
      assert.ok(!names.includes(c), `${c} is not named in English`);
    }
  });

  Deno.test(`filters (${locale}): the countries are Intl's names, in the collation's order`, () => {
    const t = profileCatalogs[locale];
    const html = render(store, h(WhereSection, { where: where("country") }));
    const intl = new Intl.DisplayNames([locale], { type: "region" });
    const names = COUNTRIES.map((c) => intl.of(COUNTRY_CODES[c])!);
    assert.deepEqual(optionsOf(html, t.country), collated(locale, names));
    // The values sent stay the English names the server knows.
    const values = [...selectOf(html, t.country).matchAll(/<option[^>]* value="([^"]*)"/g)]
      .map((m) => decode(m[1]));
    assert.deepEqual([...values].sort(), [...COUNTRIES].sort());
  });
}

/** Every word of three letters or more in the English catalog's messages. */
const ENGLISH_WORDS = new Set(
  Object.values(profileEn).flatMap((message) =>
    message.replace(/\{\w+\}/g, " ").match(/[A-Za-z]{3,}/g) ?? []
  ).map((w) => w.toLowerCase()).filter((w) => w !== "glimpse"),
);

const member: PublicUser = {
  id: "u1",
  username: "ana_99",
  email: "ana@example.test",
  emailVerified: true,
  role: "member",
  location: "大阪, 日本",
  faceBlurEnabled: true,
  safetyShieldEnabled: true,
  hideExactLocation: false,
  tier: "free",
  isAuthenticated: true,
  token: "t",
  createdAt: "2026-01-01T00:00:00.000Z",
  displayName: "アナ",
  bio: "",
  language: "ja",
  notificationsEnabled: true,
  avatarUrl: null,
  hideIpAddress: null,
};

const ipRelay = { available: true, byDefault: false, always: false };

function englishWordsIn(html: string): string[] {
  const words = visibleText(html).match(/[A-Za-z]{3,}/g) ?? [];
  return [...new Set(words.filter((w) => ENGLISH_WORDS.has(w.toLowerCase())))];
}

/** This device, and another seen an hour ago near a city (with an empty User-Agent's label). */
const SAMPLE_DEVICES: DeviceView[] = [
  {
    id: "11111111-1111-4111-8111-111111111111",
    browser: "Firefox",
    system: "Android",
    city: null,
    signedInAt: Date.now() - 86_400_000,
    lastSeenAt: Date.now(),
    current: true,
  },
  {
    id: "22222222-2222-4222-8222-222222222222",
    browser: null,
    system: null,
    city: "Kraków",
    signedInAt: Date.now() - 2 * 86_400_000,
    lastSeenAt: Date.now() - 3_600_000,
    current: false,
  },
];

function PasswordCard() {
  const form = useForm(PASSWORD_VALUES, (field) => `pw-${field}`);
  return h(PasswordForm, { form });
}

Deno.test("profile (ja): the form keeps no English word of the English catalog", () => {
  // With only the messages the page ships for its island, as in the browser.
  const store = pageMessages("ja", ISLAND_MESSAGES.ProfilePage);
  const html = render(
    store,
    h(ProfilePage, { user: member, ipRelay, devices: [], passkeys: NO_PASSKEYS }),
  );
  assert.match(html, /<form/);
  assert.doesNotMatch(visibleText(html), /\b(common|profile)\.\w+/, "every key has its message");
  assert.deepEqual(englishWordsIn(html), []);
});

Deno.test("profile (ja): the privacy tab and the filters keep no English word either", () => {
  const store = serverMessages("ja");
  for (
    const vnode of <VNode<unknown>[]> [
      h(PrivacySwitches, { user: member, setUser() {}, patch: () => Promise.reject(), ipRelay }),
      h(PrivacySwitches, {
        user: member,
        setUser() {},
        patch: () => Promise.reject(),
        ipRelay: { available: false, byDefault: false, always: false },
      }),
      h(PasswordCard, {}),
      h(DeleteAccount, {}),
      h(Devices, { initial: SAMPLE_DEVICES }),
      h(Devices, { initial: SAMPLE_DEVICES.slice(0, 1) }),
    ]
  ) {
    assert.deepEqual(englishWordsIn(render(store, vnode)), []);
  }
  const filters = pageMessages("ja", ISLAND_MESSAGES.FiltersEditor);
  for (const locationPreference of ["continent", "country"] as const) {
    const html = render(
      filters,
      h(FiltersEditor, { filters: { ...DEFAULT_FILTERS, locationPreference } }),
    );
    assert.doesNotMatch(visibleText(html), /\b(common|profile)\.\w+/, "every key has its message");
    // The hashtags are the member's own words.
    const words = englishWordsIn(html).filter((w) => !["adventure", "home", "hobby"].includes(w));
    assert.deepEqual(words, []);
  }
});

Deno.test("profile (en): the English texts are the catalog's, as the specification has them", () => {
  const store = pageMessages("en" as Locale, ISLAND_MESSAGES.ProfilePage);
  const html = render(
    store,
    h(ProfilePage, { user: member, ipRelay, devices: [], passkeys: NO_PASSKEYS }),
  );
  const text = visibleText(html);
  // (The word check of the tests above finds them here.)
  assert.ok(englishWordsIn(html).length > 20, englishWordsIn(html).join(" "));
  for (
    const s of [
      "Privacy & Security",
      "Save profile",
      "Use my current location",
      "3 to 20 characters: lowercase letters, digits or _",
    ]
  ) assert.ok(text.includes(s), s);
});
