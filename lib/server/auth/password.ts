// Password hashing per the OWASP Password Storage Cheat Sheet: PBKDF2-HMAC-SHA256 with 600,000
// iterations and a 16-byte per-member salt. The parameters are stored with the hash
// ("pbkdf2-sha256$600000$salt$hash"), so they can be raised later; needsRehash() tells when.
// The app sets the count from PASSWORD_ITERATIONS (setHashIterations), which only tests lower: the
// configuration refuses less than 600,000 in production. A hash is verified with the count it
// was stored with.
//
// Every hash runs through one gate per process (hashGate): at once, one fewer than the machine
// has cores (at least one), a short queue behind them, and beyond it a 503 with Retry-After ('The
// server is busy. Please try again in a few seconds.'), so a flood of sign-ins cannot take every
// core from the rest of the server. A hash refused there has changed nothing yet: callers hash
// before they store.
import { AppError } from "../http/errors.ts";
import { said } from "../../shared/i18n/said.ts";

const ALGORITHM = "pbkdf2-sha256";
export const PBKDF2_ITERATIONS = 600_000;
const KEY_BITS = 256;
/** Iterations of a new hash: PBKDF2_ITERATIONS unless the app's configuration says otherwise. */
let iterationsNow = PBKDF2_ITERATIONS;

/** Sets the iterations of new hashes in this process (the app's PASSWORD_ITERATIONS). */
export function setHashIterations(iterations: number) {
  iterationsNow = iterations;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password.normalize("NFKC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

/** Retry-After of a refused hash, in seconds: the queue drains in well under that. */
export const HASH_RETRY_AFTER_S = 2;

/** A hash refused because the gate's queue is full: a 503 response with Retry-After. */
export class HashBusyError extends AppError {
  constructor() {
    super(503, said("auth.serverBusy"), { "Retry-After": String(HASH_RETRY_AFTER_S) });
    this.name = "HashBusyError";
  }
}

/**
 * A counting semaphore with a bounded queue: `run` starts the task when fewer than `permits` run,
 * waits in line while fewer than `queue` wait, and throws HashBusyError beyond that. A finished
 * task hands its permit to the first in line.
 */
export class HashGate {
  private running = 0;
  private line: (() => void)[] = [];

  constructor(public permits: number, public queue: number) {}

  /** Tasks running and waiting now, and requests admitted. */
  get load(): { running: number; waiting: number; admitted: number } {
    return { running: this.running, waiting: this.line.length, admitted: this.admitted };
  }

  private admitted = 0;

  /**
   * Admits a request that is going to hash, before it reads or stores anything: at most permits +
   * queue at once, beyond that HashBusyError. Bounds what such requests do before their hash too
   * (the rate-limit counters, the account's lookup). The returned function gives the place back (once).
   */
  admit(): () => void {
    if (this.admitted >= this.permits + this.queue) throw new HashBusyError();
    this.admitted++;
    let left = false;
    return () => {
      if (!left) this.admitted--;
      left = true;
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.permits) this.running++;
    else if (this.line.length < this.queue) await new Promise<void>((r) => this.line.push(r));
    else throw new HashBusyError();
    try {
      return await task();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Hashes at once: every core but one, which is left to the rest of the server (at least one). */
const PERMITS = Math.max(1, (navigator.hardwareConcurrency || 1) - 1);
/** The process's gate: PERMITS hashes at once, 32 per permit waiting (a few seconds of hashing). */
export const hashGate = new HashGate(PERMITS, 32 * PERMITS);

async function hashUngated(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iterations = iterationsNow;
  const hash = await derive(password, salt, iterations);
  return `${ALGORITHM}$${iterations}$${b64(salt)}$${b64(hash)}`;
}

/** The stored form of a new password; throws HashBusyError when the gate is full. */
export async function hashPassword(password: string): Promise<string> {
  return await hashGate.run(() => hashUngated(password));
}

/** Constant-time comparison of two byte strings. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Whether `password` matches `stored`; throws HashBusyError when the gate is full. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iter, salt, hash] = stored.split("$");
  const iterations = Number(iter);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || !salt || !hash) return false;
  const derived = await hashGate.run(() => derive(password, unb64(salt), iterations));
  return timingSafeEqual(derived, unb64(hash));
}

export function needsRehash(stored: string): boolean {
  const [algorithm, iter] = stored.split("$");
  return algorithm !== ALGORITHM || Number(iter) < iterationsNow;
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check, for sign-ins naming no account. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashUngated("not-a-real-password");
  await verifyPassword(password, await dummy);
  return false;
}
