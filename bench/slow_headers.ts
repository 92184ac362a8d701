// Slow request heads against the real app (tests/helpers/server.ts, Deno.serve): whether a socket
// that sends nothing, half a request line, or a header line every 5 s is still open after the
// given time, and the largest complete request head the server still responds to. Figures only:
// nothing here passes or fails. docs/deploy.md says what closes such sockets in production.
// Run: deno run -A bench/slow_headers.ts [seconds, default 100]
import { startServer, type TestServer } from "../tests/helpers/server.ts";

const encode = (s: string) => new TextEncoder().encode(s);

/** Opens a socket, sends `first`, optionally a header line every 5 s; resolves when it closes. */
async function watch(server: TestServer, first: string, trickle: boolean, stop: AbortSignal) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  const started = performance.now();
  if (first) await conn.write(encode(first));
  let closedAt: number | null = null;
  const reading = (async () => {
    const buf = new Uint8Array(1024);
    try {
      while ((await conn.read(buf)) !== null) { /* a response to a head never sent: none */ }
    } catch {
      // reset
    }
    if (!stop.aborted) closedAt = performance.now() - started;
  })();
  let i = 0;
  const timer = setInterval(() => {
    if (trickle) conn.write(encode(`x-slow-${i++}: a\r\n`)).catch(() => {});
  }, 5_000);
  await new Promise((resolve) => stop.addEventListener("abort", resolve, { once: true }));
  clearInterval(timer);
  conn.close();
  await reading;
  return closedAt;
}

/** The status a complete request with a head of `size` bytes gets ("closed" without one). */
async function headStatus(server: TestServer, size: number): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
  let head = "GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n";
  for (let i = 0; head.length + 2 < size; i++) {
    const room = size - head.length - 2 - `x-p${i}: \r\n`.length;
    head += `x-p${i}: ${"a".repeat(Math.max(1, Math.min(1000, room)))}\r\n`;
  }
  let out = "";
  try {
    await conn.write(encode(head + "\r\n"));
    const buf = new Uint8Array(4096);
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      out += new TextDecoder().decode(buf.subarray(0, n));
    }
  } catch {
    // reset
  }
  try {
    conn.close();
  } catch {
    // closed
  }
  return out.split(" ")[1] ?? "closed";
}

export async function benchSlowHeaders(seconds = 100) {
  const server = await startServer();
  try {
    const stop = new AbortController();
    const kinds: [string, string, boolean][] = [
      ["nothing sent", "", false],
      ["half a request line", "GET / HT", false],
      ["a header line every 5 s", "GET / HTTP/1.1\r\nhost: 127.0.0.1\r\n", true],
    ];
    const watching = kinds.map(([, first, trickle]) => watch(server, first, trickle, stop.signal));
    await new Promise((r) => setTimeout(r, seconds * 1000));
    stop.abort();
    const closed = await Promise.all(watching);
    console.log(`slow request heads, Deno ${Deno.version.deno}, after ${seconds} s:`);
    for (const [i, [name]] of kinds.entries()) {
      const at = closed[i];
      console.log(`  ${name}: ${at === null ? "still open" : `closed after ${Math.round(at)} ms`}`);
    }
    let low = 1024, high = 1024 * 1024;
    while (high - low > 64) {
      const mid = Math.floor((low + high) / 2);
      if ((await headStatus(server, mid)) === "200") low = mid;
      else high = mid;
    }
    console.log(`  largest request head answered: about ${low} bytes (${high} refused)`);
  } finally {
    await server.close();
  }
}

if (import.meta.main) await benchSlowHeaders(Number(Deno.args[0] ?? 100));
