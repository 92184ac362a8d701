// /test-chat's list of checks: a row each for the camera (the microphone with its level meter),
// face blur, the video round trip, the server connection and the network.
import type { ComponentChildren } from "preact";
import type { CheckResult, CheckState, ConnectionCheckRun } from "../../client/connection_check.ts";

const BADGE: Record<CheckState, [string, string]> = {
  pending: ["badge", "Checking"],
  ok: ["badge badge-secure", "Ready"],
  warn: ["badge badge-warn", "Limited"],
  failed: ["badge badge-insecure", "Problem"],
};

/** One check: its name, a badge for its state and what it found. */
export function CheckRow(
  { label, result: r, children }: {
    label: string;
    result: CheckResult;
    children?: ComponentChildren;
  },
) {
  return (
    <li class="check-row" data-state={r.state} data-check={label}>
      <span class="check-label">{label}</span>
      <span class={BADGE[r.state][0]}>{BADGE[r.state][1]}</span>
      <span class="muted small">{r.detail}</span>
      {children}
    </li>
  );
}

export function CheckList(
  { check, blur }: { check: ConnectionCheckRun; blur: CheckResult },
) {
  const { camera, mic, trip, server, network } = check;
  return (
    <ul class="card check-list">
      <CheckRow label="Camera" result={camera} />
      <CheckRow label="Microphone" result={mic}>
        <meter
          class="mic-meter"
          min={0}
          max={1}
          low={0.05}
          value={check.figures?.micLevel ?? 0}
          aria-label="Microphone level"
        />
      </CheckRow>
      <CheckRow label="Face blur" result={blur} />
      <CheckRow label="Video round trip" result={trip} />
      <CheckRow label="Server connection" result={server} />
      <CheckRow label="Network" result={network} />
    </ul>
  );
}
