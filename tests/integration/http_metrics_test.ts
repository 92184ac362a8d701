// /metrics: open in development and tests; in production only for the bearer of METRICS_TOKEN,
// and not served at all without one.
import assert from "node:assert/strict";
import { type TestServer, withServer } from "../helpers/server.ts";

const METRICS_TOKEN = "Vb7Lq2Xw9Np4Rt6Ks1Mz8Hd3Fg5Jc0Ya-metrics";

/** A production server (on a KV file) with or without a METRICS_TOKEN. */
async function inProduction(env: Record<string, string>, fn: (s: TestServer) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await withServer(fn, {
      APP_ENV: "production",
      KV_PATH: `${dir}/prod.kv`,
      PUBLIC_URL: "https://glimpse.example.test",
      SESSION_SECRET: "q8Rk2ZfM0xLw5TnV9cYb3HsJ7pGd1AeU6oWiNyK4rQ-m",
      RESEND_API_KEY: "re_test_123",
      RATE_LIMITS: "on",
      HIDE_IP_DEFAULT: "false",
      ...env,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function metrics(server: TestServer, authorization?: string) {
  const res = await fetch(server.url + "/metrics", {
    headers: authorization ? { authorization } : {},
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

Deno.test("metrics: in production only the bearer of METRICS_TOKEN reads /metrics", async () => {
  await inProduction({ METRICS_TOKEN }, async (server) => {
    for (
      const auth of [
        undefined,
        "Bearer wrong-token",
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
        `Basic ${btoa(`metrics:${METRICS_TOKEN}`)}`,
        METRICS_TOKEN,
      ]
    ) {
      const res = await metrics(server, auth);
      assert.equal(res.status, 401, `${auth}: ${res.status}`);
      assert.match(res.headers.get("www-authenticate") ?? "", /^Bearer\b/);
      assert.doesNotMatch(res.text, /glimpse_/);
    }
    const ok = await metrics(server, `Bearer ${METRICS_TOKEN}`);
    assert.equal(ok.status, 200);
    assert.match(ok.text, /^# (HELP|TYPE) glimpse_/m);
  });
});

Deno.test("metrics: in production without METRICS_TOKEN there is no /metrics", async () => {
  await inProduction({}, async (server) => {
    for (const auth of [undefined, "Bearer anything-at-all-anything-at-all"]) {
      const res = await metrics(server, auth);
      assert.equal(res.status, 404);
      assert.doesNotMatch(res.text, /glimpse_/);
    }
  });
});

Deno.test("metrics: open outside production", async () => {
  await withServer(async (server) => {
    const res = await metrics(server);
    assert.equal(res.status, 200);
    assert.match(res.text, /^# (HELP|TYPE) glimpse_/m);
  });
});
