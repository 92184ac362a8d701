// The safety shield's rules, in one place: what the classifier's scores mean, when the partner's
// video may be shown (the tile says each state by the live catalog's shield_<key>). Pure functions,
// fed scores in tests the same way the classifier feeds them on the page.

/** The classes nsfwjs's MobileNetV2 scores, each 0–1, summing to 1. */
export const SHIELD_CLASSES = ["Drawing", "Hentai", "Neutral", "Porn", "Sexy"] as const;
export type ShieldClass = typeof SHIELD_CLASSES[number];
export type Scores = Record<ShieldClass, number>;

/**
 * A frame is unsafe when any sexual class reaches its threshold. Measured on our fixtures: an
 * astronaut scores Porn 0.0005 and Sexy 0.0001, a cat Porn 0.069, so the thresholds leave
 * room for ordinary scenes while catching what the model is confident about. 'Sexy' (underwear,
 * swimwear) needs more confidence: beaches are ordinary POV scenes.
 */
export const SHIELD_THRESHOLDS: Readonly<Record<"Porn" | "Hentai" | "Sexy", number>> = {
  Porn: 0.25,
  Hentai: 0.35,
  Sexy: 0.7,
};

/** Consecutive safe frames before the blur lifts. */
export const SHIELD_SAFE_FRAMES = 2;
/** How often a frame of the partner's video is classified, ms. */
export const SHIELD_INTERVAL_MS = 500;
/** The classifier's input: frames are scaled to this square (MobileNetV2's own size). */
export const SHIELD_INPUT_SIZE = 224;
/**
 * How long after the partner's first frame the tile may say "Checking video…" without a
 * verdict; after that (the model still loading, or too slow) the member may tap to show.
 */
export const SHIELD_VERDICT_GRACE_MS = 3000;

/** Which sexual class (if any) makes these scores unsafe. */
export function unsafeClass(scores: Scores): keyof typeof SHIELD_THRESHOLDS | null {
  for (const [name, limit] of Object.entries(SHIELD_THRESHOLDS)) {
    const key = name as keyof typeof SHIELD_THRESHOLDS;
    if ((scores[key] ?? 0) >= limit) return key;
  }
  return null;
}

/**
 * What the partner's tile shows:
 * - off: the member turned the shield off; nothing is blurred or checked.
 * - checking: blurred, a verdict is on its way.
 * - unavailable: blurred, the check failed or is late; a tap shows the video.
 * - clear: blurred no more: the latest frames were safe.
 * - unsafe: blurred with the nudity warning, End & Report and Show anyway. It stays until the
 *   member chooses: a partner who showed nudity once is not shown again on their next frames.
 * - shown: the member chose to see the video; it stays visible for this session.
 */
export type ShieldView = "off" | "checking" | "unavailable" | "clear" | "unsafe" | "shown";

export interface ShieldState {
  view: ShieldView;
  /** Safe verdicts in a row. */
  safeRun: number;
  /** Whether the classifier could not load (for this page). */
  failed: boolean;
}

export type ShieldEvent =
  /** A classification of the partner's current frame. */
  | { type: "scores"; scores: Scores }
  /** A frame could not be classified: the run of safe frames starts again. */
  | { type: "frame_error" }
  /** The classifier cannot load. */
  | { type: "failed" }
  /** No verdict within the grace period after the first frame. */
  | { type: "late" }
  /** The member tapped to show (unavailable) or chose Show anyway (unsafe). */
  | { type: "show" }
  /** A new partner: the shield starts over (a choice to show was for the last session). */
  | { type: "new_session" };

export function initialShield(enabled: boolean): ShieldState {
  return { view: enabled ? "checking" : "off", safeRun: 0, failed: false };
}

/** Whether the partner's video is blurred in this state. */
export function isBlurred(view: ShieldView): boolean {
  return view === "checking" || view === "unavailable" || view === "unsafe";
}

/** Whether frames still need classifying in this state. */
export function isWatching(view: ShieldView): boolean {
  return view !== "off" && view !== "shown";
}

export function shieldStep(state: ShieldState, event: ShieldEvent): ShieldState {
  if (state.view === "off") return state;
  switch (event.type) {
    case "new_session":
      return { ...state, view: state.failed ? "unavailable" : "checking", safeRun: 0 };
    case "failed":
      return {
        ...state,
        failed: true,
        view: state.view === "checking" ? "unavailable" : state.view,
      };
    case "late":
      return state.view === "checking" ? { ...state, view: "unavailable" } : state;
    case "show":
      return state.view === "unavailable" || state.view === "unsafe"
        ? { ...state, view: "shown" }
        : state;
    case "frame_error":
      return isWatching(state.view) ? { ...state, safeRun: 0 } : state;
    case "scores": {
      if (!isWatching(state.view)) return state;
      if (unsafeClass(event.scores)) return { ...state, view: "unsafe", safeRun: 0 };
      const safeRun = state.safeRun + 1;
      if (state.view === "unsafe") return { ...state, safeRun };
      return { ...state, safeRun, view: safeRun >= SHIELD_SAFE_FRAMES ? "clear" : state.view };
    }
  }
}
