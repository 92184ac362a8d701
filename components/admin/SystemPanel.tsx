// The direct admin page's System tab: four rows (Environment, Database with the KV
// round trip just measured, Email Provider, WebSocket Server) and this instance's figures
// (members waiting, live matches, build, runtime, uptime), with Refresh Status to measure again.
import { formatReportDate, formatTime, type SystemStatus } from "../../lib/shared/admin.ts";
import { formatNumber } from "../../lib/shared/i18n/messages.ts";
import { type AdminKey, spanText, t } from "./labels.ts";

/** The rows as label, value and whether the value is a healthy (or failed) state badge. */
function rows(s: SystemStatus, zone?: string): [string, string, "ok" | "warn" | null][] {
  const ms = (n: number) => formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return [
    // The environment and the mail provider come named in the page's language.
    [t("systemEnvironment"), s.environment, "ok"],
    [
      t("systemDatabase"),
      s.databaseMs === null ? t("error") : t("systemConnected", { ms: ms(s.databaseMs) }),
      s.databaseMs === null ? "warn" : "ok",
    ],
    [t("systemEmailProvider"), s.emailProvider, "ok"],
    [t("systemWebsocketServer"), t("systemSockets", { count: s.socketsOpen }), "ok"],
    [t("systemMembersWaiting"), t("systemOnInstance", { count: s.membersWaiting }), null],
    [t("systemLiveMatches"), t("systemOnInstance", { count: s.liveMatches }), null],
    [
      t("systemBuild"),
      t("systemBuildValue", {
        id: s.build.id,
        builtAt: formatReportDate(s.build.builtAt, zone),
      }),
      null,
    ],
    [t("systemRuntime"), s.runtime, null],
    [
      t("systemUptime"),
      t("systemUptimeValue", {
        span: spanText(s.uptimeMs),
        since: formatReportDate(s.startedAt, zone),
      }),
      null,
    ],
  ];
}

const LABELS: AdminKey[] = [
  "systemEnvironment",
  "systemDatabase",
  "systemEmailProvider",
  "systemWebsocketServer",
  "systemMembersWaiting",
  "systemLiveMatches",
  "systemBuild",
  "systemRuntime",
  "systemUptime",
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
      <h2 class="card-title">{t("systemTitle")}</h2>
      <dl class="admin-system" aria-busy={loading}>
        {LABELS.map((label, i) => {
          const row = shown?.[i];
          return (
            <div key={label} class="admin-system-row">
              <dt>{t(label)}</dt>
              <dd>
                {failed && !loading
                  ? <span class="badge admin-warn">{t("unknown")}</span>
                  : !row
                  ? t("systemChecking")
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
          {t("systemOnThisInstance", { instance: status.instance })}{" "}
          <span class="admin-system-checked">
            {t("systemCheckedAt", { time: formatTime(status.checkedAt, zone) })}
          </span>
        </p>
      )}
      <button
        type="button"
        class="button button-secondary"
        onClick={onRefresh}
        disabled={loading}
      >
        {t("systemRefresh")}
      </button>
    </>
  );
}
