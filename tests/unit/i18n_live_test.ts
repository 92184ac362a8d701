// The live namespace (lib/shared/i18n/catalog/live): the English texts the code keeps as its source
// (the /ws refusals of lib/shared/realtime/texts.ts, face blur's states, the live screen's and the
// summary's texts, the can't-go-live reasons, the safety shield's) each have their message, the
// English one equal to the source, and the page shows each in its language; a live screen
// rendered in Japanese keeps no English word of the catalog.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import { h } from "preact";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { CATALOGS, serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import { type Catalog, render, tr, withMessages } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";
import { RT_TEXT, type RtErrorCode } from "../../lib/shared/realtime/texts.ts";
import {
  BLUR_TEXT,
  blurDetail,
  blurDetailText,
  type BlurView,
} from "../../lib/client/privacy/status_text.ts";
import type { BlurStatus } from "../../lib/client/privacy/protocol.ts";
import {
  REFUSAL_VARS,
  refusalKey,
  refusalText,
  refusalTitle,
  refusalTitleKey,
} from "../../lib/client/refusals.ts";
import {
  ENDED_TEXT,
  endedKey,
  endedText,
  LIVE_TEXT,
  PROGRESS_TEXT,
  progressKey,
  progressLabel,
} from "../../lib/client/live_rules.ts";
import { SHIELD_TEXT } from "../../lib/client/shield/policy.ts";
import {
  CANNOT_CALL_TEXT,
  cannotCallLine,
  cannotCallText,
  cannotCallTexts,
} from "../../lib/shared/cannot_call.ts";
import { REACTIONS } from "../../lib/shared/constants.ts";
import { SafetyCodeSheet } from "../../components/live/SafetyCodeSheet.tsx";
import { ReportDialog } from "../../components/live/ReportDialog.tsx";
import { VerifyFirst } from "../../components/live/VerifyFirst.tsx";
import { SessionLimit } from "../../components/live/SessionLimit.tsx";
import { ShieldOverlay } from "../../components/live/ShieldOverlay.tsx";
import { VideoTile } from "../../components/live/VideoTile.tsx";
import { CannotCall } from "../../components/live/CannotCall.tsx";
import { NoLiveSession } from "../../components/live/LivePages.tsx";
import LiveSession from "../../islands/LiveSession.tsx";

type Key = keyof typeof live & string;
const t = tr<typeof live>("live");
const catalog = (locale: string): Catalog => CATALOGS.live[locale as "en"];
const inLocale = <T>(locale: string, fn: () => T): T =>
  withMessages(serverMessages(locale as "en"), fn);

const blurStatus = (faces: number): BlurStatus => ({
  detector: "ready",
  cover: "faces",
  failing: false,
  band: false,
  faces: Array.from({ length: faces }, () => ({ x: 1, y: 1, w: 9, h: 9 })),
  width: 1280,
  height: 720,
  frames: 10,
  covers: { faces: 10, band: 0, whole: 0 },
  loadMs: 500,
  detectMs: [],
  composeMs: [],
});

/** The /ws refusals the live page cannot meet (its own messages are well-formed and in turn). */
const PROTOCOL_ONLY = new Set<string>([
  "too_large",
  "malformed",
  "unknown_type",
  "not_in_match",
  "not_your_partner",
  "bad_reaction",
  "not_registered",
  "not_searching",
  "bad_widen",
]);

/** English texts the code keeps, by the live catalog's key they are mirrored as. */
function mirrored(): [Key, string][] {
  const out: [string, string][] = [
    ...Object.entries(LIVE_TEXT),
    ...Object.entries(ENDED_TEXT),
    ...Object.entries(PROGRESS_TEXT),
    ...Object.entries(RT_TEXT).filter(([k]) => !PROTOCOL_ONLY.has(k))
      .map(([k, v]): [string, string] => [`rt_${k}`, v]),
    ...Object.entries(BLUR_TEXT).map(([k, v]): [string, string] => [`blur_${k}`, v]),
    ...(["checking", "unavailable", "unsafe", "endReport", "showAnyway"] as const)
      .map((k): [string, string] => [`shield_${k}`, SHIELD_TEXT[k]]),
    ...REACTIONS.map((r): [string, string] => [`rx_${r.key}`, r.label]),
    // The Resend button's toasts say what the auth catalog's say.
    ["verifySent", english("auth.verifySent")],
    ["verifySentDescription", english("auth.verifySentDescription")],
    ["verifyFailed", english("auth.verifyFailed")],
    ["verifyFailedDefault", english("auth.verifyFailedDefault")],
    ["sending", english("auth.verifySending")],
    // The connection check's relay rows say what the profile's Hide my IP address help says.
    ["relayHidden", english("profile.hideIpNetworkHidden")],
    ["relayHiddenNone", english("profile.hideIpNetworkUnreachable")],
  ];
  return out as [Key, string][];
}

Deno.test("live catalog: every English source text has its message, equal in English", () => {
  const en = catalog("en");
  const problems: string[] = [];
  for (const [key, text] of mirrored()) {
    const message = en[key];
    if (message === undefined) problems.push(`no message ${key} for "${text}"`);
    else if (render(message, REFUSAL_VARS, "en") !== text) {
      problems.push(`${key}: "${render(message, REFUSAL_VARS, "en")}" is not "${text}"`);
    }
  }
  // The refusals the page cannot meet: the server's texts, in the texts catalog.
  for (const code of PROTOCOL_ONLY) {
    const text = RT_TEXT[code as RtErrorCode];
    if (CATALOGS.texts.en[`rt_${code}`] !== text) {
      problems.push(`texts.rt_${code} is not "${text}"`);
    }
  }
  assert.deepEqual(problems, []);
  // The can't-go-live texts, whole.
  assert.deepEqual(inLocale("en", cannotCallTexts), CANNOT_CALL_TEXT);
});

Deno.test("live catalog: each /ws refusal maps to its key and shows in every language", () => {
  const codes = [...Object.keys(RT_TEXT), "offline"] as (RtErrorCode | "offline")[];
  for (const locale of LOCALES) {
    const messages = catalog(locale);
    for (const code of codes) {
      const refusal = { kind: "error", code } as const;
      const key = refusalKey(refusal);
      assert.equal(key, code === "offline" ? code : `rt_${code}`);
      // A refusal only a client breaking the protocol meets is the server's text alone (the
      // texts catalog): the page shows its general failure for it.
      if (PROTOCOL_ONLY.has(code)) {
        assert.ok(!messages[key], `${locale}: the live page ships ${key}`);
        assert.ok(CATALOGS.texts[locale][key], `${locale}: no server text for ${code}`);
        continue;
      }
      assert.ok(messages[key], `${locale}: no message for ${code}`);
      const shown = inLocale(locale, () => t(key as Key, REFUSAL_VARS));
      assert.ok(!/[{}]/.test(shown) && !shown.startsWith("live."), `${locale}.${code}: ${shown}`);
      if (locale === "en") assert.equal(shown, refusalText(refusal));
      else assert.notEqual(shown, refusalText(refusal), `${locale}.${code} is English`);
    }
    // The other refusals and their titles.
    for (
      const r of [{ kind: "session_limit" }, { kind: "no_match" }, {
        kind: "email_unverified",
      }] as const
    ) {
      assert.ok(messages[refusalKey(r)], `${locale}: ${r.kind}`);
      const title = inLocale(locale, () => t(refusalTitleKey(r)));
      if (locale === "en") {
        assert.equal(inLocale(locale, () => t(refusalKey(r) as Key)), refusalText(r));
        assert.equal(title, refusalTitle(r));
      }
    }
  }
  // A code the page does not know has RT_TEXT.failed's text in English.
  const unknown = { kind: "error", code: "from_a_newer_server" as RtErrorCode } as const;
  assert.equal(refusalText(unknown), RT_TEXT.failed);
});

Deno.test("live catalog: face blur's states show in every language, as in English", () => {
  const views: BlurView[] = ["off", "starting", "on", "stalled", "failing", "failed"];
  for (const locale of LOCALES) {
    for (const view of views) {
      for (const faces of [0, 1, 2]) {
        const s = blurStatus(faces);
        const shown = inLocale(locale, () => blurDetailText(view, s));
        assert.ok(!shown.startsWith("live.") && !/[{}]/.test(shown), `${locale} ${view}`);
        if (locale === "en") assert.equal(shown, blurDetail(view, s));
        else assert.notEqual(shown, blurDetail(view, s), `${locale} ${view} ${faces} is English`);
      }
    }
    assert.ok(catalog(locale).blur_wholeBadge, locale);
  }
});

Deno.test("live catalog: the summary, progress and can't-go-live texts by key, as in English", () => {
  for (
    const [reason, byMe, connected] of [
      ["timeout", false, false],
      ["timeout", true, true],
      ["reported", true, true],
      ["reported", false, true],
      ["user_skipped", false, true],
      ["partner_disconnected", false, true],
      ["user_ended", true, true],
      [undefined, undefined, undefined],
    ] as const
  ) {
    assert.equal(
      inLocale("en", () => t(endedKey(reason, byMe, connected))),
      endedText(reason, byMe, connected),
    );
  }
  for (const pct of [5, 50, 90, 100]) {
    assert.equal(inLocale("en", () => t(progressKey(pct))), progressLabel(pct));
  }
  for (const missing of [["secure"], ["media"], ["webrtc"], ["media", "webrtc"]] as const) {
    const en = inLocale("en", cannotCallTexts);
    assert.deepEqual(cannotCallText(missing, "call", en), cannotCallText(missing));
    assert.equal(cannotCallLine(missing, en), cannotCallLine(missing));
    const ja = inLocale("ja", cannotCallTexts);
    assert.notEqual(cannotCallLine(missing, ja), cannotCallLine(missing));
  }
});

/** The words of the English catalog (of four letters or more) that `text` still has. */
function englishLeft(text: string): string[] {
  const words = new Set<string>();
  for (const message of Object.values(catalog("en"))) {
    const texts = typeof message === "string" ? [message] : Object.values(message);
    for (const m of texts) {
      for (const w of m.replace(/\{\w+\}/g, " ").match(/[A-Za-z][A-Za-z']{3,}/g) ?? []) {
        words.add(w.toLowerCase());
      }
    }
  }
  // Names and product terms every language keeps.
  const names = [
    "glimpse",
    "https",
    "webrtc",
    "chrome",
    "firefox",
    "safari",
    "edge",
    "iphone",
    "ipad",
  ];
  for (const same of names) {
    words.delete(same);
  }
  return [...new Set(text.match(/[A-Za-z][A-Za-z']{3,}/g) ?? [])]
    .filter((w) => words.has(w.toLowerCase()));
}

/** What a person reads or hears: text nodes and the attributes read aloud or shown. */
function readable(html: string): string {
  const attrs = [...html.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)]
    .map((m) => m[1]);
  const text = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
  return [text, ...attrs].join(" ").replace(/&#?\w+;/g, " ");
}

Deno.test("live screens rendered in Japanese keep no English word of the catalog", () => {
  const noop = () => {};
  // deno-lint-ignore no-explicit-any
  const screens: [string, () => VNode<any>][] = [
    [
      "searching (the island)",
      () =>
        h(LiveSession, {
          mode: "connecting",
          me: {
            location: "Lisbon, Portugal",
            faceBlurEnabled: true,
            safetyShieldEnabled: true,
            email: "a@example.com",
            emailVerified: true,
          },
          // deno-lint-ignore no-explicit-any
          blurAssets: {} as any,
          // deno-lint-ignore no-explicit-any
          shieldAssets: {} as any,
          media: { maxWidth: 1280, maxHeight: 720, maxFrameRate: 30, maxBitrateKbps: 1500 },
        }),
    ],
    ["verify first", () => h(VerifyFirst, { email: "a@example.com", busy: false, onResend: noop })],
    ["session limit", () => h(SessionLimit, {})],
    ["report dialog", () => h(ReportDialog, { onSubmit: async () => {}, onCancel: noop })],
    ["safety code", () => h(SafetyCodeSheet, { encrypted: true, code: null, onClose: noop })],
    ["no encryption", () => h(SafetyCodeSheet, { encrypted: false, code: null, onClose: noop })],
    ["shield", () => h(ShieldOverlay, { view: "unsafe", onShow: noop, onEndReport: noop })],
    [
      "partner tile",
      () =>
        h(VideoTile, {
          stream: null,
          placeholder: t("connectingPartner"),
          location: t("unknownLocation"),
          hashtag: "#travel",
          timer: "00:12",
          failure: t("linkFailed"),
          privacyOn: true,
          blurWhole: blurDetailText("stalled", null),
        }),
    ],
    ["cannot call", () => h(CannotCall, { missing: ["secure", "media", "webrtc"] })],
    ["no live session", () => h(NoLiveSession, {})],
  ];
  const problems: string[] = [];
  for (const [name, screen] of screens) {
    const html = inLocale("ja", () => renderToString(screen()));
    const left = englishLeft(readable(html));
    if (left.length) problems.push(`${name}: ${left.join(", ")}`);
    // The same screen in English does show those words (the check sees them).
    const english = inLocale("en", () => renderToString(screen()));
    assert.ok(englishLeft(readable(english)).length > 0, `${name} in English`);
  }
  assert.deepEqual(problems, []);
});
