// The plans and referral texts in other languages: prices and dates written by Intl in the page's
// language, the plan card with no English left in Japanese, and the shared rules' messages
// (lib/shared/plans.ts, lib/shared/referrals/rules.ts) saying in English what the rules do.
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "preact-render-to-string";
import { serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { formatDate, render, withMessages } from "../../lib/shared/i18n/messages.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";
import en from "../../lib/shared/i18n/catalog/plans/en.ts";
import {
  type CardAction,
  moreFeaturesText,
  planViews,
  priceText,
  usageLine,
  usageOf,
} from "../../lib/shared/plans.ts";
import {
  CHALLENGES,
  COUNTED_SESSION,
  INVITE_NOTE,
  MAX_UNUSED_INVITATIONS,
  PERIOD_NOTE,
  PERIODS,
  POINT_RULES,
  POINTS,
} from "../../lib/shared/referrals/rules.ts";
import type { Said } from "../../lib/shared/i18n/said.ts";
import { english } from "../helpers/english.ts";
import { TIERS } from "../../lib/shared/constants.ts";
import { PlanCard } from "../../components/plans/PlanCard.tsx";

const inLocale = <T>(locale: Locale, fn: () => T): T => withMessages(serverMessages(locale), fn);

/** The text a reader sees in `html` (tags dropped, entities of the serializer decoded). */
const visible = (html: string) =>
  html.replace(/<[^>]+>/g, " ").replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&").replace(/[ \t\r\n]+/g, " ").trim();

Deno.test("plans i18n: a tier's price in German and Japanese, written by Intl", () => {
  const basic = planViews().find((p) => p.key === "basic")!;
  assert.equal(basic.currency, "USD");
  // A price with cents, as Intl writes US dollars in each language.
  assert.equal(inLocale("de", () => priceText(4.99, "USD")), "4,99\u00a0$");
  assert.equal(inLocale("ja", () => priceText(4.99, "USD")), "$4.99");
  assert.equal(inLocale("en", () => priceText(4.99, "USD")), "$4.99");
  // The plans' whole-dollar prices keep no cents.
  assert.equal(inLocale("de", () => priceText(basic.amount, basic.currency)), "5\u00a0$");
  assert.equal(inLocale("ja", () => priceText(basic.amount, basic.currency)), "$5");
  // On the card: per month in the page's language; English exactly as before ('$5/month').
  const card = (locale: Locale, action: CardAction = "signin") =>
    visible(inLocale(locale, () =>
      renderToString(
        createElement(PlanCard, { plan: basic, action, busy: false, locked: false }),
      )));
  assert.match(card("de"), /5\u00a0\$\/Monat/);
  assert.match(card("ja"), /\$5\/月/);
  for (const plan of planViews()) {
    const price = inLocale(
      "en",
      () => render(en.perMonth, { price: priceText(plan.amount, plan.currency) }, "en"),
    );
    assert.equal(price, plan.price);
  }
});

Deno.test("plans i18n: a renewal date in German and Japanese", () => {
  const renews = Date.UTC(2026, 2, 5, 12);
  const options: Intl.DateTimeFormatOptions = { dateStyle: "long", timeZone: "UTC" };
  assert.equal(inLocale("de", () => formatDate(renews, options)), "5. März 2026");
  assert.equal(inLocale("ja", () => formatDate(renews, options)), "2026年3月5日");
  assert.equal(
    inLocale("de", () => formatDate(renews, { dateStyle: "medium", timeZone: "UTC" })),
    "05.03.2026",
  );
  assert.equal(
    inLocale("ja", () => formatDate(renews, { dateStyle: "medium", timeZone: "UTC" })),
    "2026/03/05",
  );
});

/** Product words that stay as they are in every language. */
const KEPT = new Set(["pov", "hd", "vip", "utc", "glimpse", "stripe"]);

Deno.test("plans i18n: the plan card in Japanese keeps no English word of the catalog", () => {
  const english = new Set<string>();
  for (const message of Object.values(en)) {
    const texts = typeof message === "string" ? [message] : Object.values(message);
    for (const text of texts) {
      for (const word of text.replace(/\{\w+\}/g, " ").match(/[A-Za-z]{2,}/g) ?? []) {
        if (!KEPT.has(word.toLowerCase())) english.add(word.toLowerCase());
      }
    }
  }
  const actions: CardAction[] = ["current", "free", "signin", "checkout", "change"];
  for (const plan of planViews()) {
    for (const action of actions) {
      for (const busy of [false, true]) {
        const html = inLocale(
          "ja",
          () => renderToString(createElement(PlanCard, { plan, action, busy, locked: busy })),
        );
        const text = visible(html);
        assert.ok(!text.includes("plans."), `a missing message: ${text}`);
        const left = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) =>
          english.has(w.toLowerCase())
        );
        assert.deepEqual(left, [], `${plan.key} (${action}): ${text}`);
      }
    }
  }
});

Deno.test("plans i18n: the shared rules' messages say what the rules do", () => {
  const say = (message: Said) => english(message.name, message.vars);
  for (const n of [0, 1, 2, 3]) {
    assert.equal(say(moreFeaturesText(n)), n === 1 ? "1 more feature" : `${n} more features`);
  }
  assert.equal(say(usageLine(usageOf("free", 2))), "Sessions today: 2 of 5");
  assert.equal(say(usageLine(usageOf("vip", 2))), "Unlimited sessions");
  // Every plan feature has its message, saying the same in English as TIERS (the plans API).
  for (const plan of planViews()) {
    assert.equal(plan.features.length, TIERS[plan.key].features.length);
    plan.features.forEach((f, i) => {
      assert.ok(f.key, `${plan.key}: "${f.text}" has no message`);
      assert.equal(f.text, TIERS[plan.key].features[i]);
      assert.equal(english(`plans.${f.key!}`, { count: f.count ?? 0 }), f.text);
    });
  }
  // The referral rules, with the numbers the code applies.
  assert.equal(
    say(INVITE_NOTE.earn),
    `You hold up to ${MAX_UNUSED_INVITATIONS} unused invitations. Each friend who joins with ` +
      "your code and verifies their email earns you a new one.",
  );
  assert.equal(
    say(INVITE_NOTE.allUsed),
    "All your invitations are used. Each friend who joins with your code and verifies " +
      "their email earns you a new one.",
  );
  assert.equal(
    say(PERIOD_NOTE),
    "This week runs Monday to Sunday (ISO weeks), this month is the calendar month, both in " +
      "UTC. A period counts what happened in it; all time counts everything.",
  );
  assert.deepEqual(PERIODS.map((p) => say(p.name)), ["This Week", "This Month", "All Time"]);
  const { minMs, perPairPerDay } = COUNTED_SESSION;
  assert.deepEqual(POINT_RULES.map(say), [
    `${POINTS.verifiedFriend} points for each friend who joins with your code and verifies ` +
    "their email",
    `${POINTS.session} point for each POV session you complete (a call that connected and ` +
    `lasted ${minMs / 1000} s or more; up to ${perPairPerDay} a day with the same partner)`,
    `${POINTS.newCountry} points for each country you meet someone from for the first time ` +
    "(in two years)",
  ]);
  assert.deepEqual(CHALLENGES.map((c) => [say(c.title), say(c.reward)]), [
    ["Invite 5 friends", "+50 points"],
    ["Complete 3 POV sessions", "+10 points"],
    ["Meet people from 3 countries", "Globetrotter badge"],
  ]);
  for (const c of CHALLENGES) {
    // A title counts the goal; a reward the points credited, or the badge.
    assert.equal(c.title.vars?.count, c.goal);
    if (c.badge) assert.equal(c.reward.name, "plans.rewardBadge");
    else assert.equal(c.reward.vars?.count, c.points);
  }
});
