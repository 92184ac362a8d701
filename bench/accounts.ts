// Prints the cost of one password hash and of one full sign-in over HTTP on this machine, and
// forgot-password's response time for an address with an account and one without (they should be
// alike: the mail is queued either way and sent after the response). Figures only: nothing here
// passes or fails on time.
import { hashPassword, verifyPassword } from "../lib/server/auth/password.ts";
import { startServer } from "../tests/helpers/server.ts";
import { createInvitations } from "../kv/users.ts";

const FORGOT_RUNS = 40;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { mean, p50: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
}
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export async function benchAccounts() {
  const hashTimes: number[] = [];
  let stored = "";
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    stored = await hashPassword("correct horse battery staple");
    hashTimes.push(performance.now() - t);
  }
  const verifyTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await verifyPassword("correct horse battery staple", stored);
    verifyTimes.push(performance.now() - t);
  }

  const dir = await Deno.makeTempDir();
  const server = await startServer({ KV_PATH: `${dir}/bench.kv` });
  const [code] = await createInvitations(server.kv, null, 1);
  const reg = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username: "bench_user",
      email: "bench@example.test",
      password: "correct horse",
      invitationCode: code,
      ageConfirmed: true,
    }),
  });
  await reg.body?.cancel();
  const forgot = async (email: string) => {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`forgot-password failed: ${res.status}`);
    return performance.now() - t;
  };
  const knownTimes: number[] = [], unknownTimes: number[] = [];
  // Interleaved, so both see the same machine load.
  for (let i = 0; i < FORGOT_RUNS; i++) {
    knownTimes.push(await forgot("bench@example.test"));
    unknownTimes.push(await forgot(`nobody${i}@example.test`));
  }
  const loginTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/simple-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "bench_user", password: "correct horse" }),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    loginTimes.push(performance.now() - t);
  }
  await server.close();
  await Deno.remove(dir, { recursive: true });

  const h = stats(hashTimes), v = stats(verifyTimes), l = stats(loginTimes);
  console.log("Accounts (PBKDF2-SHA256, 600,000 iterations; 10 runs each)");
  console.log(`  hash one password   mean ${fmt(h.mean)}  p50 ${fmt(h.p50)}  max ${fmt(h.max)}`);
  console.log(`  verify one password mean ${fmt(v.mean)}  p50 ${fmt(v.p50)}  max ${fmt(v.max)}`);
  console.log(
    `  full sign-in (HTTP, file KV) mean ${fmt(l.mean)}  p50 ${fmt(l.p50)}  max ${fmt(l.max)}`,
  );
  console.log(
    `  sign-in overhead beyond the hash: ${(l.mean / v.mean).toFixed(2)}x the verify time`,
  );
  const k = stats(knownTimes), u = stats(unknownTimes);
  console.log(`Forgot-password answer (HTTP, file KV; ${FORGOT_RUNS} runs each, interleaved)`);
  console.log(`  known address   p50 ${fmt(k.p50)}  mean ${fmt(k.mean)}  max ${fmt(k.max)}`);
  console.log(`  unknown address p50 ${fmt(u.p50)}  mean ${fmt(u.mean)}  max ${fmt(u.max)}`);
  console.log(`  known / unknown median: ${(k.p50 / u.p50).toFixed(2)}`);
}

if (import.meta.main) await benchAccounts();
