// /ws: the signalling and matchmaking socket. The session cookie is read (by the session
// middleware) before the upgrade, since upgrading consumes the request. Guests get an error and
// a close. No header-rewriting middleware runs on this route.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./context.tsx";
import { rtError } from "../lib/realtime/protocol.ts";

export function wsRoute(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { hub } = deps;

  app.get("/ws", async (c) => {
    if ((c.req.header("upgrade") ?? "").toLowerCase() !== "websocket") {
      return c.text("This address takes WebSocket connections only.", 426);
    }
    // Browsers always send Origin on a socket: another site's page may not borrow the cookie.
    const origin = c.req.header("origin");
    const host = c.req.header("host");
    const allowed = [host, deps.config.publicUrl && originHost(deps.config.publicUrl)];
    if (origin && host && !allowed.includes(originHost(origin) ?? "-")) {
      return c.text("Cross-site sockets are not allowed.", 403);
    }
    const user = c.get("user");
    const { socket, response } = Deno.upgradeWebSocket(c.req.raw, { idleTimeout: 30 });
    if (!user) {
      socket.onopen = () => {
        socket.send(JSON.stringify(rtError("not_authenticated")));
        socket.close(4401, "not authenticated");
      };
      return response;
    }
    await hub.start();
    let connId = "";
    socket.onopen = () => {
      connId = hub.open(socket, { id: user.id, username: user.username });
    };
    socket.onmessage = (e) => {
      hub.message(connId, e.data).catch((err) => console.error("ws message:", err));
    };
    socket.onclose = () => {
      hub.close(connId).catch((err) => console.error("ws close:", err));
    };
    socket.onerror = () => {};
    return response;
  });

  app.get(
    "/metrics",
    (c) =>
      c.body(hub.metrics.render({ membersWaiting: hub.waitingCount() }), 200, {
        "content-type": "text/plain; version=0.0.4; charset=utf-8",
      }),
  );

  return app;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
