// The formats and plural forms come from Intl formatters made once per language and options and
// used again (lib/shared/i18n/messages.ts): whatever order the languages come in, each answer is the
// one a formatter made afresh for that language gives, never another language's.
import assert from "node:assert/strict";
import {
  displayName,
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPrice,
  formatRelative,
  type MessageStore,
  render,
  sortByName,
  withMessages,
} from "../../lib/shared/i18n/messages.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";

const store = (locale: Locale): MessageStore => ({ locale, messages: {} });
const AT = Date.UTC(2026, 2, 14, 9, 26, 53);
const NAMES = ["Zoë", "Ángel", "zebra", "Émile", "apple", "Øystein", "中村", "あおい"];

/** Everything the formats say in `locale`, through the module. */
function formatted(locale: Locale) {
  return withMessages(store(locale), () => ({
    number: formatNumber(1234567.891),
    percent: formatNumber(0.256, { style: "percent" }),
    price: formatPrice(4.99, "EUR"),
    dollars: formatPrice(1234.5, "USD"),
    date: formatDate(AT),
    dateTime: formatDateTime(AT),
    duration: formatDuration(3754),
    short: formatDuration(94),
    relative: formatRelative(AT - 3 * 60_000, AT),
    tomorrow: formatRelative(AT + 86_400_000, AT),
    country: displayName("region", "DE"),
    language: displayName("language", "ja"),
    sorted: sortByName(NAMES, (n) => n).join(" "),
    plural: [0, 1, 2, 5, 21].map((count) =>
      render({
        zero: "z{count}",
        one: "o{count}",
        two: "t{count}",
        few: "f{count}",
        other: "x{count}",
      }, {
        count,
      })
    ).join(" "),
  }));
}

/** The same, each from a formatter made for this call alone. */
function fresh(locale: Locale) {
  const number = (n: number, o?: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat(locale, o).format(n);
  const rules = new Intl.PluralRules(locale);
  const forms: Record<string, string> = { zero: "z", one: "o", two: "t", few: "f", other: "x" };
  const collator = new Intl.Collator(locale);
  return {
    number: number(1234567.891),
    percent: number(0.256, { style: "percent" }),
    price: number(4.99, { style: "currency", currency: "EUR" }),
    dollars: number(1234.5, { style: "currency", currency: "USD" }),
    date: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(AT),
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
      AT,
    ),
    // deno-lint-ignore no-explicit-any
    duration: new (Intl as any).DurationFormat(locale, { style: "short" }).format({
      hours: 1,
      minutes: 2,
      seconds: 34,
    }),
    // deno-lint-ignore no-explicit-any
    short: new (Intl as any).DurationFormat(locale, { style: "short" }).format({
      minutes: 1,
      seconds: 34,
    }),
    relative: new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(-3, "minute"),
    tomorrow: new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(1, "day"),
    country: new Intl.DisplayNames([locale], { type: "region", fallback: "code" }).of("DE"),
    language: new Intl.DisplayNames([locale], { type: "language", fallback: "code" }).of("ja"),
    sorted: [...NAMES].sort(collator.compare).join(" "),
    plural: [0, 1, 2, 5, 21].map((count) => `${forms[rules.select(count)] ?? "x"}${number(count)}`)
      .join(" "),
  };
}

Deno.test("formats: each language's answers are its own, whatever order the languages come in", () => {
  // deno-lint-ignore no-explicit-any
  assert.ok((Intl as any).DurationFormat, "this runtime has Intl.DurationFormat");
  const expected = new Map(LOCALES.map((locale) => [locale, fresh(locale)]));
  // The languages differ where it shows (else the test would prove nothing).
  assert.notEqual(expected.get("de")!.number, expected.get("en")!.number);
  assert.notEqual(expected.get("fr")!.price, expected.get("ja")!.price);
  // Forwards, backwards and interleaved, twice over: the first round makes the formatters, the
  // others reuse them.
  const orders = [
    [...LOCALES, ...LOCALES],
    [...LOCALES].reverse(),
    LOCALES.flatMap((l) => [l, "en" as Locale, l]),
  ];
  for (const order of orders) {
    for (const locale of order) {
      assert.deepEqual(formatted(locale), expected.get(locale), locale);
    }
  }
});

Deno.test("formats: other options are other formatters (options are part of what finds one)", () => {
  withMessages(store("de"), () => {
    assert.equal(formatNumber(0.5), new Intl.NumberFormat("de").format(0.5));
    assert.equal(
      formatNumber(0.5, { style: "percent" }),
      new Intl.NumberFormat("de", { style: "percent" }).format(0.5),
    );
    assert.equal(
      formatNumber(2.345, { maximumFractionDigits: 1 }),
      new Intl.NumberFormat("de", { maximumFractionDigits: 1 }).format(2.345),
    );
    assert.equal(
      formatPrice(5, "JPY"),
      new Intl.NumberFormat("de", {
        style: "currency",
        currency: "JPY",
      }).format(5),
    );
    assert.equal(
      formatPrice(5, "EUR"),
      new Intl.NumberFormat("de", {
        style: "currency",
        currency: "EUR",
      }).format(5),
    );
    assert.equal(
      formatDate(AT, { dateStyle: "long", timeZone: "UTC" }),
      new Intl.DateTimeFormat("de", { dateStyle: "long", timeZone: "UTC" }).format(AT),
    );
    assert.equal(formatDate(AT), new Intl.DateTimeFormat("de", { dateStyle: "medium" }).format(AT));
    // A currency Intl refuses is refused each time, and leaves nothing behind.
    assert.throws(() => formatPrice(1, "NOT A CURRENCY"));
    assert.throws(() => formatPrice(1, "NOT A CURRENCY"));
    // A code Intl refuses names itself.
    assert.equal(displayName("region", "not-a-region"), "not-a-region");
  });
});

Deno.test("formats: past the bound on kept formatters, every answer is still right", () => {
  // 101 x 21 option sets, far more than the formatters kept at once.
  withMessages(store("fr"), () => {
    for (let digits = 0; digits <= 100; digits++) {
      for (let integers = 1; integers <= 21; integers++) {
        const options = { minimumFractionDigits: digits, maximumIntegerDigits: integers };
        assert.equal(formatNumber(1.5, options), new Intl.NumberFormat("fr", options).format(1.5));
      }
    }
  });
  assert.equal(withMessages(store("de"), () => formatNumber(1234.5)), "1.234,5");
  assert.equal(withMessages(store("en"), () => formatNumber(1234.5)), "1,234.5");
});

Deno.test("formats: an Intl constructor replaced (a polyfill, a test's stand-in) makes its own", () => {
  const name = () => withMessages(store("de"), () => displayName("region", "FR"));
  assert.equal(name(), "Frankreich");
  const Real = Intl.DisplayNames;
  class StandIn extends Real {
    override of(code: string): string | undefined {
      return `${code}?`;
    }
  }
  const intl = Intl as { DisplayNames: typeof Real };
  intl.DisplayNames = StandIn;
  try {
    assert.equal(name(), "FR?");
  } finally {
    intl.DisplayNames = Real;
  }
  assert.equal(name(), "Frankreich");
});
