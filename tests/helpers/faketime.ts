// A process's clock shifted by libfaketime (Debian's faketime package, which the test command
// installs): the environment that makes Date.now() in a server process run `offsetS` seconds
// ahead (positive) or behind (negative) of this one's.
import { libfaketime } from "../../scripts/system_deps.ts";

/** The environment for a process whose clock is `offsetS` seconds off (whole seconds). */
export function skewedClockEnv(offsetS: number): Record<string, string> {
  const lib = libfaketime();
  if (!lib) throw new Error("libfaketime is missing: apt-get install faketime");
  // libfaketime refuses "0s"; a shift of nothing is written "+0s".
  return { LD_PRELOAD: lib, FAKETIME: `${offsetS < 0 ? "-" : "+"}${Math.abs(offsetS)}s` };
}
