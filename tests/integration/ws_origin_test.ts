// A page on another site cannot open /ws with a member's cookie (cross-site WebSocket hijacking).
import assert from "node:assert/strict";
import { startServer } from "../helpers/server.ts";
import { registerMember } from "../helpers/accounts.ts";

Deno.test({
  name: "ws: a socket from another origin is refused; the same origin is accepted",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer();
    try {
      const m = await registerMember(server);
      const headers = (origin: string) => ({
        cookie: `glimpse_session=${m.client.session}`,
        origin,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": btoa("0123456789abcdef"),
      });
      const evil = await fetch(`${server.url}/ws`, { headers: headers("https://evil.example") });
      await evil.body?.cancel();
      assert.equal(evil.status, 403);
      const own = await fetch(`${server.url}/ws`, { headers: headers(server.url) });
      await own.body?.cancel();
      assert.notEqual(own.status, 403, "the app's own origin may open a socket");
    } finally {
      await server.close();
    }
  },
});
