// /test-chat's list of checks: a row each for the camera (the microphone with its level meter),
// face blur, the video round trip, the server connection and the network.
import type { ComponentChildren } from "preact";
import type {
  CheckResult,
  CheckState,
  ConnectionCheckRun,
} from "../../lib/client/connection_check.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

const BADGE: Record<CheckState, string> = {
  pending: "badge",
  ok: "badge badge-secure",
  warn: "badge badge-warn",
  failed: "badge badge-insecure",
};

/**
 * One check: its name, a badge for its state and what it found. `check` names the row for
 * scripts and tests (its English name, whatever the page's language).
 */
export function CheckRow(
  { check, label, result: r, children }: {
    check: string;
    label: string;
    result: CheckResult;
    children?: ComponentChildren;
  },
) {
  return (
    <li class="check-row" data-state={r.state} data-check={check}>
      <span class="check-label">{label}</span>
      <span class={BADGE[r.state]}>{t(`st_${r.state}`)}</span>
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
      <CheckRow check="Camera" label={t("camera")} result={camera} />
      <CheckRow check="Microphone" label={t("microphone")} result={mic}>
        <meter
          class="mic-meter"
          min={0}
          max={1}
          low={0.05}
          value={check.figures?.micLevel ?? 0}
          aria-label={t("micLevel")}
        />
      </CheckRow>
      <CheckRow check="Face blur" label={t("faceBlur")} result={blur} />
      <CheckRow check="Video round trip" label={t("roundTrip")} result={trip} />
      <CheckRow check="Server connection" label={t("serverConnection")} result={server} />
      <CheckRow check="Network" label={t("network")} result={network} />
    </ul>
  );
}
