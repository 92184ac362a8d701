// What the member is told about face blur, from its real state (a detection that succeeded, not
// a detector that merely loaded). Shared by /test-chat, the live page's tiles and /camera.
// BLUR_TEXT is the English source; blurDetailText says it in the page's language.
import type { BlurStatus } from "./protocol.ts";
import { tr } from "../../shared/i18n/messages.ts";
import type live from "../../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

export type BlurView = "off" | "starting" | "on" | "stalled" | "failing" | "failed";

export const BLUR_TEXT = {
  off: "Off: your video is sent as filmed. Turn it on in Profile, Privacy & Security.",
  starting: "Starting: your whole picture is blurred until faces can be found",
  stalled: "Face detection is not keeping up, so your whole picture is blurred",
  failing: "Face detection fails on your camera's frames, so your whole picture is blurred",
  failed: "Face blur could not run in this browser, so your whole picture is blurred",
  noFace: "On: no face in view",
  /** The badge beside 'Privacy On' whenever the whole picture is covered. */
  wholeBadge: "Whole picture blurred",
} as const;

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

/** The sentence for `view` ("on" counts the faces being covered), in English. */
export function blurDetail(view: BlurView, s: BlurStatus | null): string {
  if (view !== "on") return BLUR_TEXT[view];
  const n = s?.faces.length ?? 0;
  return n === 0 ? BLUR_TEXT.noFace : `On: ${n} ${n === 1 ? "face" : "faces"} blurred`;
}

/**
 * blurDetail in the page's language: the live catalog keeps BLUR_TEXT as blur_<key>, and the
 * count of faces as blur_on's plural.
 */
export function blurDetailText(view: BlurView, s: BlurStatus | null): string {
  if (view !== "on") return t(`blur_${view}`);
  const n = s?.faces.length ?? 0;
  return n ? t("blur_on", { count: n }) : t("blur_noFace");
}
