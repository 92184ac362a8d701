// The direct admin page's System tab: four rows (Environment, Database with the KV
// round trip just measured, Email Provider, WebSocket Server) and this instance's figures
// (members waiting, live matches, build, runtime, uptime), with Refresh Status to measure again.
import {
  formatReportDate,
  formatSpan,
  formatTime,
  SYSTEM_TEXT,
  type SystemStatus,
} from "../../shared/admin.ts";

/** The rows as label, value and whether the value is a healthy (or failed) state badge. */
function rows(s: SystemStatus, zone?: string): [string, string, "ok" | "warn" | null][] {
  return [
    [SYSTEM_TEXT.environment, s.environment, "ok"],
    [
      SYSTEM_TEXT.database,
      s.databaseMs === null ? s.database : SYSTEM_TEXT.connected(s.databaseMs),
      s.databaseMs === null ? "warn" : "ok",
    ],
    [SYSTEM_TEXT.emailProvider, s.emailProvider, "ok"],
    [SYSTEM_TEXT.websocketServer, SYSTEM_TEXT.sockets(s.socketsOpen), "ok"],
    [SYSTEM_TEXT.membersWaiting, SYSTEM_TEXT.onInstance(s.membersWaiting), null],
    [SYSTEM_TEXT.liveMatches, SYSTEM_TEXT.onInstance(s.liveMatches), null],
    [
      SYSTEM_TEXT.build,
      SYSTEM_TEXT.buildValue(s.build.id, formatReportDate(s.build.builtAt, zone)),
      null,
    ],
    [SYSTEM_TEXT.runtime, s.runtime, null],
    [
      SYSTEM_TEXT.uptime,
      SYSTEM_TEXT.uptimeValue(formatSpan(s.uptimeMs), formatReportDate(s.startedAt, zone)),
      null,
    ],
  ];
}

const LABELS = [
  SYSTEM_TEXT.environment,
  SYSTEM_TEXT.database,
  SYSTEM_TEXT.emailProvider,
  SYSTEM_TEXT.websocketServer,
  SYSTEM_TEXT.membersWaiting,
  SYSTEM_TEXT.liveMatches,
  SYSTEM_TEXT.build,
  SYSTEM_TEXT.runtime,
  SYSTEM_TEXT.uptime,
];

export function SystemPanel(
  { status, failed, loading, zone, onRefresh }: {
    status: SystemStatus | null;
    /** The last check got no answer. */
    failed: boolean;
    loading: boolean;
    zone?: string;
    onRefresh(): void;
  },
) {
  const shown = status && !loading ? rows(status, zone) : null;
  return (
    <>
      <h2 class="card-title">System</h2>
      <dl class="admin-system" aria-busy={loading}>
        {LABELS.map((label, i) => {
          const row = shown?.[i];
          return (
            <div key={label} class="admin-system-row">
              <dt>{label}</dt>
              <dd>
                {failed && !loading
                  ? <span class="badge admin-warn">Unknown</span>
                  : !row
                  ? SYSTEM_TEXT.checking
                  : row[2]
                  ? <span class={`badge admin-${row[2]}`}>{row[1]}</span>
                  : row[1]}
              </dd>
            </div>
          );
        })}
      </dl>
      {status && !loading && (
        <p class="muted admin-system-note">
          {SYSTEM_TEXT.onThisInstance(status.instance)}{" "}
          <span class="admin-system-checked">
            {SYSTEM_TEXT.checkedAt(formatTime(status.checkedAt, zone))}
          </span>
        </p>
      )}
      <button
        type="button"
        class="button button-secondary"
        onClick={onRefresh}
        disabled={loading}
      >
        Refresh Status
      </button>
    </>
  );
}
