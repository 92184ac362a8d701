// Safety holds' pure parts: a hold read from a record, the live page's answer to on_hold (final in
// any phase, titled 'Account under review'), and the member's mails in their language.
import assert from "node:assert/strict";
import { activeHold, type Hold } from "../../lib/shared/moderation/holds.ts";
import { callReducer, initialCallState } from "../../lib/client/call_state.ts";
import { refusalTitleKey } from "../../lib/client/refusals.ts";
import { holdEmail } from "../../lib/server/email/templates.ts";
import { RT_MESSAGE } from "../../lib/shared/realtime/texts.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import { sayIn } from "../../lib/server/i18n/catalogs.ts";
import { type MessageName, said } from "../../lib/shared/i18n/said.ts";
import { english } from "../helpers/english.ts";
import { rtEnglish } from "../helpers/rt_english.ts";

const HOLD: Hold = {
  at: "2026-12-01T10:00:00.000Z",
  reason: "underage_reports",
  reportIds: ["r1", "r2"],
  reporters: 2,
  goodStanding: false,
};

Deno.test("holds: a record's hold, or none", () => {
  assert.equal(activeHold({}), null);
  assert.equal(activeHold({ hold: null }), null);
  assert.deepEqual(activeHold({ hold: HOLD }), HOLD);
});

Deno.test("holds: on_hold refuses the call in any phase, titled 'Account under review'", () => {
  const error = { type: "error", code: "on_hold", message: rtEnglish("on_hold") } as const;
  for (const phase of [initialCallState.phase, { name: "searching" } as const]) {
    const s = callReducer({ ...initialCallState, phase } as typeof initialCallState, {
      type: "server",
      msg: error,
      at: 1,
    });
    assert.equal(s.phase.name, "refused");
    if (s.phase.name !== "refused") continue;
    assert.equal(refusalTitleKey(s.phase.refusal), "underReview");
    assert.equal(english(`live.${refusalTitleKey(s.phase.refusal)}`), "Account under review");
  }
});

Deno.test("holds: the member's mails, held, lifted and upheld, in their language", () => {
  const placed = holdEmail("a@x.test", "ana", "placed", "https://g.test/profile", "de");
  assert.equal(placed.subject, "Dein Glimpse-Konto wird überprüft");
  assert.ok(placed.text.includes("https://g.test/profile"));
  assert.ok(placed.html.includes('lang="de"'));
  const lifted = holdEmail("a@x.test", "ana", "lifted", "https://g.test/profile");
  assert.equal(lifted.subject, "Your Glimpse account is open again");
  assert.ok(lifted.text.includes("lifted the hold"));
  const upheld = holdEmail("a@x.test", "ana", "upheld", "https://g.test/profile", "ja");
  assert.ok(upheld.text.includes("一時停止を続ける"));
});

/** The messages the server answers a hold's actions with. */
const HOLD_MESSAGES: MessageName[] = ["admin.holdNotHeld", "admin.holdLiftedDescription"];

Deno.test("holds: the server's hold texts have their translation in every language", () => {
  const untranslated: string[] = [];
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    for (const name of HOLD_MESSAGES) {
      const english = sayIn("en", said(name, { username: "bob" }));
      const text = sayIn(locale, said(name, { username: "bob" }));
      if (text === english || (english.includes("bob") && !text.includes("bob"))) {
        untranslated.push(`${locale} ${name}`);
      }
    }
    if (sayIn(locale, RT_MESSAGE.on_hold) === rtEnglish("on_hold")) untranslated.push(locale);
  }
  assert.deepEqual(untranslated, []);
});
