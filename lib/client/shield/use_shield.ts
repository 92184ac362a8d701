// The safety shield in the live session's components: one monitor per page, and the partner
// tile's state and video element.
import { useEffect, useRef, useState } from "react";
import { type ShieldMonitor, startShield } from "./monitor.ts";
import { initialShield, type ShieldState, shieldStep } from "./policy.ts";
import type { ShieldAssets } from "./protocol.ts";

/** Starts the shield once the page runs (never on the server) and stops it with the component. */
export function useShieldMonitor(assets: ShieldAssets, enabled: boolean): ShieldMonitor | null {
  const [shield, setShield] = useState<ShieldMonitor | null>(null);
  useEffect(() => {
    const monitor = startShield(assets, enabled);
    setShield(monitor);
    return () => monitor.stop();
  }, []);
  return shield;
}

/**
 * The shield's state for the partner's stream: it starts over with each new partner. A stream
 * the monitor has not been told about yet is shown as a new session's from its first render, so
 * a choice to show the last partner never uncovers a frame of the next one.
 */
function useShieldState(
  shield: ShieldMonitor | null,
  enabled: boolean,
  stream: MediaStream | null,
): ShieldState {
  const [state, setState] = useState(() => shield?.state() ?? initialShield(enabled));
  const toldAbout = useRef<MediaStream | null>(null);
  useEffect(() => {
    if (!shield) return;
    setState(shield.state());
    return shield.onChange(setState);
  }, [shield]);
  useEffect(() => {
    if (!shield || !stream) return;
    toldAbout.current = stream;
    shield.dispatch({ type: "new_session" });
  }, [shield, stream]);
  return stream && stream !== toldAbout.current
    ? shieldStep(state, { type: "new_session" })
    : state;
}

/**
 * The partner tile's shield: its state, and the setter for the partner's <video> element whose
 * frames the monitor checks.
 */
export function usePartnerShield(
  shield: ShieldMonitor | null,
  enabled: boolean,
  stream: MediaStream | null,
): [ShieldState, (video: HTMLVideoElement | null) => void] {
  const state = useShieldState(shield, enabled, stream);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    shield?.watch(video);
    return () => shield?.watch(null);
  }, [shield, video]);
  return [state, setVideo];
}
