// Starts several server instances (Deno Workers) on one KV file.
import { ensureBuilt } from "../../lib/server/build/assets.ts";

export interface Instance {
  url: string;
  instanceId: string;
  worker: Worker;
  /** A clean shutdown. */
  stop(): Promise<void>;
  /** An abrupt death: no cleanup at all, as when a machine vanishes. */
  kill(): void;
}

export async function startInstances(
  n: number,
  kvPath: string,
  env: Record<string, string> = {},
): Promise<Instance[]> {
  await ensureBuilt();
  const out: Instance[] = [];
  for (let i = 0; i < n; i++) {
    const worker = new Worker(new URL("./instance_worker.ts", import.meta.url), { type: "module" });
    const started = await new Promise<{ port: number; instanceId: string }>((resolve, reject) => {
      // A bound, not a speed target: the first instance of a fresh checkout transpiles the whole
      // server, which took over 60 s once with other test files and two spinning processes on
      // the two cores.
      const timer = setTimeout(() => reject(new Error("instance did not start in 180 s")), 180_000);
      worker.onmessage = (e) => {
        if (e.data.type === "started") {
          clearTimeout(timer);
          resolve(e.data);
        }
      };
      worker.onerror = (e) => {
        clearTimeout(timer);
        reject(new Error(e.message));
      };
      worker.postMessage({ type: "start", env: { KV_PATH: kvPath, ...env } });
    });
    let dead = false;
    out.push({
      url: `http://127.0.0.1:${started.port}`,
      instanceId: started.instanceId,
      worker,
      stop: () => {
        if (dead) return Promise.resolve();
        dead = true;
        return new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            worker.terminate();
            resolve();
          }, 10_000);
          worker.onmessage = (e) => {
            if (e.data.type === "stopped") {
              clearTimeout(timer);
              worker.terminate();
              resolve();
            }
          };
          worker.postMessage({ type: "stop" });
        });
      },
      kill: () => {
        dead = true;
        worker.terminate();
      },
    });
  }
  return out;
}
