// "Your devices" on /profile: a signed-in session as the member sees it, and the short name of a
// browser and its system read from a User-Agent ("Firefox on Android"). The User-Agent is only a
// label here, never a check: a new browser is known by its device cookie.
import { tr } from "./i18n/messages.ts";
import type profile from "./i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

/** A signed-in session on the devices list. */
export interface DeviceView {
  /** The session's id: what signing that device out names. */
  id: string;
  /** The browser and its system, when the User-Agent names them. */
  browser: string | null;
  system: string | null;
  /** The city the device's own shared position was named as, if it shared one. */
  city: string | null;
  /** When it signed in, and when it was last seen (ms since the epoch). */
  signedInAt: number;
  lastSeenAt: number;
  /** The device this list was asked for from. */
  current: boolean;
}

export interface DevicesAnswer {
  devices: DeviceView[];
}

/** How long a last-seen time may lag (the server writes it at most this often). */
export const LAST_SEEN_STEP_MINUTES = 5;

/** Browsers, first match wins: the ones built on another's engine name it too, so come first. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFxiOS\/|\bFirefox\//, "Firefox"],
  [/\bCriOS\/|\bHeadlessChrome\/|\bChrome\//, "Chrome"],
  [/\bChromium\//, "Chromium"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

/** Systems, first match wins (an iPhone's User-Agent says "like Mac OS X"). */
const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, "iPadOS"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

/** The browser and system a User-Agent names (null for what it does not name). */
export function parseUserAgent(userAgent: string | undefined): {
  browser: string | null;
  system: string | null;
} {
  const ua = userAgent ?? "";
  const find = (list: [RegExp, string][]) => list.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser: find(BROWSERS), system: find(SYSTEMS) };
}

/** The device's short label in the current language: "Firefox on Android". */
export function deviceLabel(d: { browser: string | null; system: string | null }): string {
  if (d.browser && d.system) return t("deviceOn", { browser: d.browser, system: d.system });
  if (d.browser) return d.browser;
  if (d.system) return t("deviceBrowserOn", { system: d.system });
  return t("deviceUnknown");
}
