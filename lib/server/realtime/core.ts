// What every part of an instance's realtime hub shares: the KV, the settings, the instance's
// identity and figures, and its open sockets.
import type { Config } from "../config.ts";
import type { Conn } from "./connection.ts";
import type { Metrics } from "./metrics.ts";
import { logger } from "../../shared/log.ts";

export interface Core {
  readonly kv: Deno.Kv;
  readonly config: Config;
  readonly instanceId: string;
  readonly metrics: Metrics;
  /** This instance's open sockets, by connection id. */
  readonly conns: Map<string, Conn>;
  /** True once the hub is stopping: no new timers, writes or passes. */
  stopped: boolean;
}

/** Logs a failure of work nobody waits for. */
export function logFailure(what: string): (err: unknown) => void {
  return (err) => logger.error(what, err);
}
