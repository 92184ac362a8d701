// The live namespace (lib/shared/i18n/catalog/live): the English texts the code still keeps as its
// source each have their message, equal in English; the messages the code names by key (the /ws
// refusals of lib/shared/realtime/texts.ts, face blur's states, the summary's and the progress
// bar's, the can't-go-live reasons) are the ones the page shows, in its language; a live screen
// rendered in Japanese keeps no English word of the catalog.
import { english } from "../helpers/english.ts";
import assert from "node:assert/strict";
import { h } from "preact";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { CATALOGS, sayIn, serverMessages } from "../../lib/server/i18n/catalogs.ts";
import { type Locale, LOCALES } from "../../lib/shared/i18n/locales.ts";
import { type Catalog, render, tr, withMessages } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";
import { RT_MESSAGE, type RtErrorCode } from "../../lib/shared/realtime/texts.ts";
import { blurDetailText, type BlurView } from "../../lib/client/privacy/status_text.ts";
import type { BlurStatus } from "../../lib/client/privacy/protocol.ts";
import {
  REFUSAL_VARS,
  refusalKey,
  refusalMessage,
  refusalTitleKey,
} from "../../lib/client/refusals.ts";
import { endedKey, progressKey } from "../../lib/client/live_rules.ts";
import { cannotCallLine, cannotCallText } from "../../lib/shared/cannot_call.ts";
import { type MessageName, type Said, said, say } from "../../lib/shared/i18n/said.ts";
import { REPORT_REASONS } from "../../lib/shared/moderation/report_texts.ts";
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

/** A message as the server says it in `locale` (a socket's refusal, an API's). */
const serverSays = (locale: string, message: Said) => sayIn(locale as Locale, message);

/** Face blur's sentence in English, written out (the plural of faces included). */
function englishBlur(view: BlurView, faces: number): string {
  if (view !== "on") return english(`live.blur_${view}`);
  if (faces === 0) return "On: no face in view";
  return faces === 1 ? "On: 1 face blurred" : `On: ${faces} faces blurred`;
}

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
    ...REPORT_REASONS.map((r): [string, string] => [`reason_${r.id}`, english(r.label.name)]),
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
  assert.deepEqual(problems, []);
});

Deno.test("live catalog: the socket says each refusal by the message the page shows for its code", () => {
  for (const [code, message] of Object.entries(RT_MESSAGE)) {
    // The refusals the page cannot meet are the server's texts alone, in the texts catalog; the
    // others are the live catalog's rt_<code>, which the page shows for the code.
    const name = PROTOCOL_ONLY.has(code) ? `texts.rt_${code}` : `live.rt_${code}`;
    assert.equal(message.name, name, code);
    if (PROTOCOL_ONLY.has(code)) continue;
    for (const locale of LOCALES) {
      // The server's values are the page's (REFUSAL_VARS): both say the same text.
      const refusal = { kind: "error", code: code as RtErrorCode } as const;
      assert.equal(
        serverSays(locale, message),
        inLocale(locale, () => refusalMessage(refusal)),
        `${locale}.${code}`,
      );
    }
  }
});

Deno.test("live catalog: each /ws refusal maps to its key and shows in every language", () => {
  const codes = [...Object.keys(RT_MESSAGE), "offline"] as (RtErrorCode | "offline")[];
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
      const inEnglish = code === "offline"
        ? english("live.offline")
        : english(RT_MESSAGE[code].name, RT_MESSAGE[code].vars);
      if (locale === "en") assert.equal(shown, inEnglish);
      else assert.notEqual(shown, inEnglish, `${locale}.${code} is English`);
    }
    // The other refusals and their titles.
    for (
      const [r, title] of [
        [{ kind: "session_limit" }, "sessionLimit"],
        [{ kind: "no_match" }, "connectionError"],
        [{ kind: "email_unverified" }, "verifyEmail"],
        [{ kind: "error", code: "on_hold" }, "underReview"],
        [{ kind: "error", code: "session_limit" }, "sessionLimit"],
        [{ kind: "error", code: "flood" }, "connectionError"],
      ] as const
    ) {
      assert.ok(messages[refusalKey(r)], `${locale}: ${refusalKey(r)}`);
      assert.equal(refusalTitleKey(r), title);
      assert.ok(messages[title], `${locale}: ${title}`);
      if (locale === "en") {
        const code = r.kind === "error" ? r.code : r.kind;
        assert.equal(
          inLocale(locale, () => t(refusalKey(r) as Key)),
          english(RT_MESSAGE[code].name, RT_MESSAGE[code].vars),
        );
      }
    }
  }
  // A code the page does not know says the general failure.
  const unknown = { kind: "error", code: "from_a_newer_server" as RtErrorCode } as const;
  assert.equal(inLocale("en", () => refusalMessage(unknown)), english("live.rt_failed"));
  assert.equal(
    inLocale("de", () => refusalMessage(unknown)),
    serverSays("de", said("live.rt_failed")),
  );
});

Deno.test("live catalog: face blur's states show in every language, as in English", () => {
  const views: BlurView[] = ["off", "starting", "on", "stalled", "failing", "failed"];
  for (const locale of LOCALES) {
    for (const view of views) {
      for (const faces of [0, 1, 2]) {
        const s = blurStatus(faces);
        const shown = inLocale(locale, () => blurDetailText(view, s));
        assert.ok(!shown.startsWith("live.") && !/[{}]/.test(shown), `${locale} ${view}`);
        const inEnglish = englishBlur(view, faces);
        if (locale === "en") assert.equal(shown, inEnglish);
        else assert.notEqual(shown, inEnglish, `${locale} ${view} ${faces} is English`);
      }
    }
    assert.ok(catalog(locale).blur_wholeBadge, locale);
  }
});

Deno.test("live catalog: the summary, progress and can't-go-live texts by key", () => {
  for (
    const [reason, byMe, connected, key] of [
      ["timeout", false, false, "neverConnected"],
      ["timeout", true, true, "timeUp"],
      ["timeout", false, true, "timeUp"],
      ["reported", true, true, "endedReported"],
      ["reported", false, true, "partnerEnded"],
      ["user_skipped", false, true, "partnerSkipped"],
      ["partner_disconnected", false, true, "partnerLeft"],
      ["user_ended", true, true, "youEnded"],
      [undefined, undefined, undefined, "partnerEnded"],
    ] as const
  ) {
    assert.equal(endedKey(reason, byMe, connected), key, `${reason} ${byMe} ${connected}`);
  }
  for (
    const [pct, key] of [
      [5, "connecting"],
      [50, "establishing"],
      [90, "finalizing"],
      [100, "finalizing"],
    ] as const
  ) {
    assert.equal(progressKey(pct), key);
  }
  for (
    const [missing, title] of [
      [["secure"], "live.cc_titleAddress"],
      [["media"], "live.cc_titleBrowser"],
      [["webrtc"], "live.cc_titleBrowser"],
      [["media", "webrtc"], "live.cc_titleBrowser"],
    ] as const
  ) {
    const text = cannotCallText(missing);
    assert.equal(text.title.name, title);
    assert.deepEqual(text.missing.map((m) => m.name.name), missing.map((n) => `live.cc_${n}`));
    const en = inLocale("en", () => cannotCallLine(missing));
    const lead = english("live.cc_line", {
      name: english(`live.cc_${missing[0]}` as MessageName),
      why: english(`live.cc_${missing[0]}Why` as MessageName),
    });
    assert.ok(en.startsWith(lead), en);
    const ja = inLocale("ja", () => cannotCallLine(missing));
    assert.ok(englishLeft(ja).length === 0 && ja !== en, ja);
  }
  assert.equal(cannotCallText(["media"], "camera").title.name, "live.cc_titleCamera");
  assert.deepEqual(
    inLocale("en", () => cannotCallText(["webrtc"]).fixes.map(say)),
    ["live.cc_browser", "live.cc_inApp", "live.cc_webrtcOn"].map((n) => english(n as MessageName)),
  );
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
