// What the member is told about face blur, from its real state (a detection that succeeded, not
// a detector that merely loaded). Shared by /test-chat, the live page's tiles and /camera.
import type { BlurStatus } from "./protocol.ts";
import { tr } from "../../shared/i18n/messages.ts";
import type live from "../../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** Face blur's states; each but "on" says the live catalog's blur_<state>. */
export type BlurView = "off" | "starting" | "on" | "stalled" | "failing" | "failed";

/** Which of the states above `s` is in (`enabled`: the member's face blur setting). */
export function blurView(enabled: boolean, s: BlurStatus | null): BlurView {
  if (!enabled) return "off";
  if (!s) return "starting";
  if (s.detector === "failed") return "failed";
  if (s.cover !== "whole") return "on";
  if (s.detector === "loading") return "starting";
  return s.failing ? "failing" : "stalled";
}

/** Whether the whole picture is covered in that state. */
export const wholeCovered = (view: BlurView) => view !== "off" && view !== "on";

/**
 * The sentence for `view` in the page's language: the live catalog's blur_<view> ("on" counts
 * the faces being covered, blur_on's plural; none is blur_noFace). The badge beside 'Privacy On'
 * whenever the whole picture is covered is blur_wholeBadge.
 */
export function blurDetailText(view: BlurView, s: BlurStatus | null): string {
  if (view !== "on") return t(`blur_${view}`);
  const n = s?.faces.length ?? 0;
  return n ? t("blur_on", { count: n }) : t("blur_noFace");
}
