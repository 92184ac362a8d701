// What a live call, and the camera on its own, need of the browser, and what a member is told when
// the browser lacks it: the rules both sides use. The browser checks (lib/client/capabilities.ts)
// and, when something is missing, goes to /cannot-go-live, which the server renders
// (components/live/CannotCall.tsx) with no script: the screen's texts stay out of the live page's
// script. CANNOT_CALL_TEXT is the English source; cannotCallTexts() is the same in the page's
// language.
import { interpolate, tr } from "./i18n/messages.ts";
import type live from "./i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** Something the browser must offer: a secure page, the camera API, WebRTC. */
export type Need = "secure" | "media" | "webrtc";

/** A live call needs all three; recording a clip needs the camera on a secure page. */
export const CALL_NEEDS: readonly Need[] = ["secure", "media", "webrtc"];
export const CAMERA_NEEDS: readonly Need[] = ["secure", "media"];

/** The needs named in `list` ('webrtc,media'), known ones only, in the order of CALL_NEEDS. */
export function parseNeeds(list: string | undefined): Need[] {
  const named = (list ?? "").split(",");
  return CALL_NEEDS.filter((n) => named.includes(n));
}

/** Where the live page sends a browser that cannot call: the screen that says what is missing. */
export function cannotCallPath(missing: readonly Need[]): string {
  return `/cannot-go-live?missing=${missing.join(",")}`;
}

export const CANNOT_CALL_TEXT = {
  /** A missing need in one line (cannotCallLine). */
  line: "{name} is missing: {why}",
  /** The heading: the page's address is the only problem, or the browser is. */
  titleAddress: "Can't go live on this address",
  titleBrowser: "Can't go live in this browser",
  /** The camera page's heading. */
  titleCamera: "Can't use the camera here",
  fixLead: "What you can do",
  /** Each need by name, and why it is missing, in the member's words. */
  missing: {
    secure: {
      name: "A secure connection (https)",
      why: "this page is not open over https, so the browser keeps the camera off.",
    },
    media: {
      name: "Camera and microphone access",
      why: "this browser does not let websites use them.",
    },
    webrtc: {
      name: "Video calling (WebRTC)",
      why: "this browser does not have it, or it is turned off.",
    },
  } satisfies Record<Need, { name: string; why: string }>,
  fix: {
    https: "Open Glimpse at its https:// address.",
    browser: "Use a current Chrome, Firefox, Safari or Edge (on an iPhone or iPad: Safari).",
    inApp: "Opened from inside another app? Open Glimpse in your browser instead.",
    webrtcOn: "Turned WebRTC off in settings? Turn it back on.",
  },
} as const;

type Fix = keyof typeof CANNOT_CALL_TEXT.fix;

/** CANNOT_CALL_TEXT's texts, in any language. */
export interface CannotCallTexts {
  line: string;
  titleAddress: string;
  titleBrowser: string;
  titleCamera: string;
  fixLead: string;
  missing: Record<Need, { name: string; why: string }>;
  fix: Record<Fix, string>;
}

/** CANNOT_CALL_TEXT in the page's language (the live catalog keeps it as cc_<key>). */
export function cannotCallTexts(): CannotCallTexts {
  return {
    line: t("cc_line"),
    titleAddress: t("cc_titleAddress"),
    titleBrowser: t("cc_titleBrowser"),
    titleCamera: t("cc_titleCamera"),
    fixLead: t("cc_fixLead"),
    missing: {
      secure: { name: t("cc_secure"), why: t("cc_secureWhy") },
      media: { name: t("cc_media"), why: t("cc_mediaWhy") },
      webrtc: { name: t("cc_webrtc"), why: t("cc_webrtcWhy") },
    },
    fix: {
      https: t("cc_https"),
      browser: t("cc_browser"),
      inApp: t("cc_inApp"),
      webrtcOn: t("cc_webrtcOn"),
    },
  };
}

const FIXES: Record<Need, Fix[]> = {
  secure: ["https"],
  media: ["browser", "inApp"],
  webrtc: ["browser", "inApp", "webrtcOn"],
};

export interface CannotCallText {
  title: string;
  /** Each missing need: its name, and why. */
  missing: { need: Need; name: string; why: string }[];
  /** What to do instead, each once. */
  fixes: string[];
}

/**
 * What to say about what is missing: the heading, each missing thing, and what to do instead
 * (in English, or in `texts`' language: pass cannotCallTexts() for the page's).
 */
export function cannotCallText(
  missing: readonly Need[],
  purpose: "call" | "camera" = "call",
  texts: CannotCallTexts = CANNOT_CALL_TEXT,
): CannotCallText {
  const title = purpose === "camera"
    ? texts.titleCamera
    : missing.length === 1 && missing[0] === "secure"
    ? texts.titleAddress
    : texts.titleBrowser;
  return {
    title,
    missing: missing.map((need) => ({ need, ...texts.missing[need] })),
    fixes: [...new Set(missing.flatMap((n) => FIXES[n]))].map((f) => texts.fix[f]),
  };
}

/**
 * The same in one paragraph, for a place with room for a few sentences (a tile, a check row):
 * 'Video calling (WebRTC) is missing: this browser does not have it, or it is switched off. Use…'
 */
export function cannotCallLine(
  missing: readonly Need[],
  texts: CannotCallTexts = CANNOT_CALL_TEXT,
): string {
  const { missing: lacks, fixes } = cannotCallText(missing, "call", texts);
  return [...lacks.map((m) => interpolate(texts.line, { name: m.name, why: m.why })), ...fixes]
    .join(" ");
}
