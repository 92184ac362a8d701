// What the live screen's rules (screen_rules.ts) ask the page to do, done: start the camera, search,
// skip, say a toast, go to another page, show the live view's address, mark a summary as this
// member's, or start a timer (whose id is returned, for its clearing).
import { toast } from "./toast.ts";
import type { ScreenEffect, ScreenEvent } from "./screen_rules.ts";
import type { useWebRTC } from "./webrtc.tsx";
import { markSummaryMine } from "./call_storage.ts";
import { tr } from "../shared/i18n/messages.ts";
import { say } from "../shared/i18n/said.ts";
import type live from "../shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

/** Runs one of the screen rules' effects (see ScreenEffect); a timer's id for its clearing. */
export function runEffect(
  e: ScreenEffect,
  s: ReturnType<typeof useWebRTC>,
  dispatch: (event: ScreenEvent) => void,
) {
  switch (e.type) {
    case "camera":
      s.startCamera();
      break;
    case "find": {
      const ok = s.findMatch(e.whenOnline && { whenOnline: true });
      if (e.whenOnline) dispatch({ type: "searched", ok });
      break;
    }
    case "skip":
      s.endSession("user_skipped");
      break;
    case "toast":
      toast({
        title: say(e.title),
        description: e.description && say(e.description),
        variant: "destructive",
      });
      break;
    case "go":
      if (e.after) setTimeout(() => location.assign(e.path), e.after);
      else location.assign(e.path);
      break;
    case "view":
      history.replaceState(null, "", e.live ? "/live-match" : "/connecting");
      document.title = `${t(e.live ? "liveMatch" : "connecting")} · Glimpse`;
      break;
    case "mine":
      markSummaryMine();
      break;
    case "timer":
      return setTimeout(() => dispatch({ type: "timeout", of: e.of }), e.ms);
  }
}
