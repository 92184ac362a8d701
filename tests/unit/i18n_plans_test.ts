// The plans and referral texts in other languages: prices and dates written by Intl in the page's
// language, the plan card with no English left in Japanese, and the English catalog saying
// exactly what the shared English texts (lib/shared/plans.ts, lib/shared/referrals/rules.ts) say.
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "preact-render-to-string";
import { serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { formatDate, render, withMessages } from "../../lib/shared/i18n/messages.ts";
import type { Locale } from "../../lib/shared/i18n/locales.ts";
import en from "../../lib/shared/i18n/catalog/plans/en.ts";
import {
  type CardAction,
  CHECKOUT_TEXT,
  moreFeaturesText,
  PLANS_TEXT,
  planViews,
  priceText,
  sessionsLeftText,
  usageLine,
  usageOf,
} from "../../lib/shared/plans.ts";
import {
  CHALLENGES,
  COUNTED_SESSION,
  INVITE_TEXT,
  MAX_UNUSED_INVITATIONS,
  PERIOD_NOTE,
  PERIODS,
  POINT_RULES,
  POINTS,
} from "../../lib/shared/referrals/rules.ts";
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

Deno.test("plans i18n: the English catalog says what the shared English texts say", () => {
  const catalog = en as Record<string, unknown>;
  for (const [key, text] of Object.entries({ ...PLANS_TEXT, ...CHECKOUT_TEXT })) {
    assert.equal(catalog[key], text, key);
  }
  const say = (key: keyof typeof en, vars?: Record<string, string | number>) =>
    inLocale("en", () => render(en[key], vars, "en"));
  for (const n of [0, 1, 2, 3]) {
    assert.equal(say("moreFeatures", { count: n }), moreFeaturesText(n));
    if (n > 0) assert.equal(say("sessionsLeft", { count: n }), sessionsLeftText(n));
  }
  assert.equal(say("noSessionsLeft"), sessionsLeftText(0));
  assert.equal(say("sessionsToday", { used: 2, limit: 5 }), usageLine(usageOf("free", 2)));
  assert.equal(say("unlimited"), usageLine(usageOf("vip", 2)));
  // Every plan feature has its message, saying the same in English.
  for (const plan of planViews()) {
    plan.features.forEach((f, i) => {
      assert.ok(f.key, `${plan.key}: "${f.text}" has no message`);
      assert.equal(say(f.key!, { count: f.count ?? 0 }), TIERS[plan.key].features[i]);
    });
  }
  // The referral rules.
  assert.equal(say("inviteEarn", { count: MAX_UNUSED_INVITATIONS }), INVITE_TEXT.earn);
  assert.equal(say("inviteAllUsed"), INVITE_TEXT.allUsed);
  assert.equal(say("periodNote"), PERIOD_NOTE);
  const periodKeys = { week: "periodWeek", month: "periodMonth", all: "periodAll" } as const;
  assert.deepEqual(PERIODS.map((p) => say(periodKeys[p.id])), PERIODS.map((p) => p.label));
  assert.equal(say("ruleFriend", { count: POINTS.verifiedFriend }), POINT_RULES[0]);
  const { minMs, perPairPerDay } = COUNTED_SESSION;
  assert.equal(
    say("ruleSession", { count: POINTS.session, seconds: minMs / 1000, perDay: perPairPerDay }),
    POINT_RULES[1],
  );
  assert.equal(say("ruleCountry", { count: POINTS.newCountry }), POINT_RULES[2]);
  const titles = {
    friends: "challengeFriends",
    sessions: "challengeSessions",
    countries: "challengeCountries",
  } as const;
  for (const c of CHALLENGES) {
    assert.equal(say(titles[c.id], { count: c.goal }), c.title);
    assert.equal(c.badge ? say("rewardBadge") : say("rewardPoints", { count: c.points }), c.reward);
  }
});
