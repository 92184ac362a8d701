// What a live call, and the camera on its own, need of the browser, and what a member is told when
// the browser lacks it: the rules both sides use. The browser checks (lib/client/capabilities.ts)
// and, when something is missing, goes to /cannot-go-live, which the server renders
// (components/live/CannotCall.tsx) with no script: the screen's texts stay out of the live page's
// script. Its texts are the live catalog's (cc_<key>), named here and said in the page's
// language; the tables are pure, so a bundle that takes only the rules carries none of them.
import { type Said, said, say } from "./i18n/said.ts";

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

type Fix = "https" | "browser" | "inApp" | "webrtcOn";

/** Each need by name, and why it is missing, in the member's words. Pure (see the top). */
const NEED_MESSAGES = /* @__PURE__ */ (() =>
  ({
    secure: { name: said("live.cc_secure"), why: said("live.cc_secureWhy") },
    media: { name: said("live.cc_media"), why: said("live.cc_mediaWhy") },
    webrtc: { name: said("live.cc_webrtc"), why: said("live.cc_webrtcWhy") },
  }) satisfies Record<Need, { name: Said; why: Said }>)();

/** What to do instead. */
const FIX_MESSAGES = /* @__PURE__ */ (() =>
  ({
    https: said("live.cc_https"),
    browser: said("live.cc_browser"),
    inApp: said("live.cc_inApp"),
    webrtcOn: said("live.cc_webrtcOn"),
  }) satisfies Record<Fix, Said>)();

const FIXES: Record<Need, Fix[]> = {
  secure: ["https"],
  media: ["browser", "inApp"],
  webrtc: ["browser", "inApp", "webrtcOn"],
};

export interface CannotCallText {
  /** The heading: the page's address is the only problem, or the browser is (or the camera page's). */
  title: Said;
  /** Each missing need: its name, and why. */
  missing: { need: Need; name: Said; why: Said }[];
  /** The heading over what to do instead ("What you can do"), and each thing, once. */
  fixLead: Said;
  fixes: Said[];
}

/** What to say about what is missing: the heading, each missing thing, and what to do instead. */
export function cannotCallText(
  missing: readonly Need[],
  purpose: "call" | "camera" = "call",
): CannotCallText {
  const title = purpose === "camera"
    ? said("live.cc_titleCamera")
    : missing.length === 1 && missing[0] === "secure"
    ? said("live.cc_titleAddress")
    : said("live.cc_titleBrowser");
  return {
    title,
    missing: missing.map((need) => ({ need, ...NEED_MESSAGES[need] })),
    fixLead: said("live.cc_fixLead"),
    fixes: [...new Set(missing.flatMap((n) => FIXES[n]))].map((f) => FIX_MESSAGES[f]),
  };
}

/**
 * The same in one paragraph in the page's language, for a place with room for a few sentences (a
 * tile, a check row): 'Video calling (WebRTC) is missing: this browser does not have it, or it is
 * turned off. Use…'
 */
export function cannotCallLine(missing: readonly Need[]): string {
  const { missing: lacks, fixes } = cannotCallText(missing, "call");
  return [
    ...lacks.map((m) => say(said("live.cc_line", { name: say(m.name), why: say(m.why) }))),
    ...fixes.map(say),
  ].join(" ");
}
