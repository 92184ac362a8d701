// A test server configured as in production (a KV file in a temporary folder, a PUBLIC_URL, a
// session secret, a mail provider, rate limits on; no TURN server, so members' addresses are not
// hidden by default: HIDE_IP_DEFAULT=false).
import { type TestServer, withServer } from "./server.ts";

export const PRODUCTION_ENV = {
  APP_ENV: "production",
  PUBLIC_URL: "https://glimpse.example.test",
  SESSION_SECRET: "q8Rk2ZfM0xLw5TnV9cYb3HsJ7pGd1AeU6oWiNyK4rQ-m",
  RESEND_API_KEY: "re_test_123",
  RATE_LIMITS: "on",
  REQUEST_LOG: "off",
  HIDE_IP_DEFAULT: "false",
};

export async function withProductionServer(
  fn: (server: TestServer) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await withServer(fn, { ...PRODUCTION_ENV, KV_PATH: `${dir}/prod.kv`, ...env });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
