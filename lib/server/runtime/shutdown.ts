// A stop asked for by a signal (systemd's SIGTERM on a deploy or restart, Ctrl-C in a terminal):
// the server stops taking connections, the realtime hub withdraws this instance (its searchers'
// tickets and its presence, so no other instance pairs anyone with a member it can no longer
// reach), then the process exits. Live calls go on peer to peer; their pages reconnect.
import { errorFields, type LogSink } from "../../shared/log.ts";

/** How long a stop may take before the process exits regardless. */
export const STOP_WITHIN_MS = 5_000;

export interface StopOptions {
  /** The stop itself; the process exits when it settles. */
  stop(): Promise<void>;
  log: LogSink;
  /** Deno.exit, or a test's stand-in. */
  exit?: (code: number) => void;
  signals?: Deno.Signal[];
  withinMs?: number;
  /** Deno.addSignalListener (returning its removal), or a test's stand-in. */
  listen?: (signal: Deno.Signal, listener: () => void) => () => void;
}

function listenToProcess(signal: Deno.Signal, listener: () => void): () => void {
  Deno.addSignalListener(signal, listener);
  return () => Deno.removeSignalListener(signal, listener);
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT, then exits 0 (1 if it failed or outlasted
 * `withinMs`). A second signal during the stop exits at once, as a second Ctrl-C should.
 * Returns a function that removes the listeners.
 */
export function stopOnSignals(opts: StopOptions): () => void {
  const exit = opts.exit ?? ((code: number) => Deno.exit(code));
  const withinMs = opts.withinMs ?? STOP_WITHIN_MS;
  const listen = opts.listen ?? listenToProcess;
  const removals: (() => void)[] = [];
  let stopping = false;
  let late: ReturnType<typeof setTimeout> | undefined;
  let exited = false;
  /** Exits once, whichever of the stop, the bound or a second signal comes first. */
  const finish = (code: number) => {
    if (exited) return;
    exited = true;
    clearTimeout(late);
    exit(code);
  };
  const onSignal = (signal: Deno.Signal) => {
    if (stopping) {
      opts.log({ level: "warn", msg: `${signal} again: exiting without waiting`, signal });
      finish(1);
      return;
    }
    stopping = true;
    const began = performance.now();
    opts.log({ level: "info", msg: `${signal}: stopping`, signal });
    late = setTimeout(() => {
      opts.log({ level: "warn", msg: `Not stopped within ${withinMs} ms: exiting`, signal });
      finish(1);
    }, withinMs);
    opts.stop().then(
      () => {
        if (exited) return;
        const ms = Math.round(performance.now() - began);
        opts.log({ level: "info", msg: `Stopped in ${ms} ms`, signal, ms });
        finish(0);
      },
      (err) => {
        if (exited) return;
        opts.log({ level: "error", msg: "The stop failed: exiting", signal, ...errorFields(err) });
        finish(1);
      },
    );
  };
  for (const signal of opts.signals ?? ["SIGTERM", "SIGINT"] as Deno.Signal[]) {
    try {
      removals.push(listen(signal, () => onSignal(signal)));
    } catch {
      // A platform without this signal (Windows has no SIGTERM; Deploy has none): it stops the
      // process its own way.
    }
  }
  return () => removals.forEach((remove) => remove());
}
