// The direct admin page's System tab: facts read from this instance when asked, not made up.
// The KV round trip is measured on every request; sockets, waiting members and live matches are
// this instance's own (other instances have theirs); the build is named by a digest of every
// source the browser build was made from; uptime counts from this instance's start.
import type { Config } from "../config.ts";
import type { EmailSender } from "../email/mod.ts";
import type { Manifest } from "../build/assets.ts";
import { kvRoundTrip } from "../../../kv/db.ts";
import type { SystemStatus } from "../../shared/admin.ts";
import { type MessageName, said } from "../../shared/i18n/said.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import { sayIn } from "../i18n/catalogs.ts";

/** The environment's name as the tab shows it ('Development'). */
const ENVIRONMENTS: Record<Config["env"], MessageName> = {
  development: "admin.envDevelopment",
  test: "admin.envTest",
  production: "admin.envProduction",
};

/** A mail provider as the tab shows it: the outbox described, a service by its name. */
function providerName(name: EmailSender["name"], locale: Locale): string {
  return name === "outbox" ? sayIn(locale, said("admin.providerOutbox")) : "Resend";
}

/** What the System tab reads of this instance's realtime hub. */
export interface RealtimeFigures {
  instanceId: string;
  metrics: { socketsOpen: number; liveMatches: number };
  waitingCount(): number;
}

export interface SystemSources {
  env: Config["env"];
  email: Pick<EmailSender, "name">;
  hub: RealtimeFigures;
  assets: Pick<Manifest, "builtAt" | "inputs">;
  /** When this instance started (ms since the epoch): the process's (or worker's) start. */
  startedAt?: number;
}

const buildIds = new WeakMap<object, Promise<string>>();

/** 12 hex characters of SHA-256 over the build's inputs and their content hashes, sorted. */
export function buildId(assets: Pick<Manifest, "inputs">): Promise<string> {
  let id = buildIds.get(assets);
  if (!id) {
    const text = Object.entries(assets.inputs).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
      .map(([path, hash]) => `${path}\t${hash}\n`).join("");
    id = crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)).then((d) =>
      Array.from(new Uint8Array(d).slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("")
    );
    buildIds.set(assets, id);
  }
  return id;
}

/** Measures and reads the System tab's facts now; the names it shows are in `locale`. */
export async function systemStatus(
  kv: Deno.Kv,
  src: SystemSources,
  locale: Locale = "en",
): Promise<SystemStatus> {
  let databaseMs: number | null = null;
  const started = performance.now();
  try {
    if (await kvRoundTrip(kv)) databaseMs = performance.now() - started;
  } catch {
    databaseMs = null;
  }
  const now = Date.now();
  const startedAt = src.startedAt ?? performance.timeOrigin;
  const socketsOpen = src.hub.metrics.socketsOpen;
  return {
    environment: sayIn(locale, said(ENVIRONMENTS[src.env])),
    database: databaseMs === null ? "Error" : "Connected",
    databaseMs: databaseMs === null ? null : Math.round(databaseMs * 10) / 10,
    emailProvider: providerName(src.email.name, locale),
    websocketServer: "Running",
    instance: src.hub.instanceId.slice(0, 8),
    socketsOpen,
    membersWaiting: src.hub.waitingCount(),
    liveMatches: src.hub.metrics.liveMatches,
    build: { id: await buildId(src.assets), builtAt: src.assets.builtAt },
    runtime: `Deno ${Deno.version.deno}`,
    startedAt: new Date(startedAt).toISOString(),
    uptimeMs: Math.max(0, Math.round(now - startedAt)),
    checkedAt: new Date(now).toISOString(),
  };
}
