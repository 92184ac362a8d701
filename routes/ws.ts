// /ws: the signalling and matchmaking socket, through Hono's upgradeWebSocket for Deno. The
// session cookie is read (by the session middleware) before the upgrade, since upgrading
// consumes the request. Another site's page may not open a socket with a member's cookie. Guests
// get an error and a close. No header-rewriting middleware runs on this route.
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { upgradeWebSocket } from "hono/deno";
import type { AppDeps, AppEnv } from "./context.tsx";
import { rtError } from "../lib/shared/realtime/protocol.ts";
import { CLOSE_CODE } from "../lib/shared/realtime/texts.ts";
import { fromOwnSite } from "../lib/server/http/request.ts";
import { logger } from "../lib/shared/log.ts";
import { localeOf } from "../lib/server/http/locale.ts";
import { sayIn } from "../lib/server/i18n/catalogs.ts";
import { type Said, said } from "../lib/shared/i18n/said.ts";
import { spoken } from "../lib/server/realtime/connection.ts";

/** The socket is closed this long after the last frame (Deno's default is 30 s too). */
const IDLE_TIMEOUT_S = 30;

export function wsRoute(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const { hub } = deps;

  // The route comes before the language middleware: a refusal picks its language the same way.
  const refuse = (c: Context<AppEnv>, message: Said, status: 403 | 426) =>
    c.text(sayIn(localeOf(c), message), status);

  const handshake = createMiddleware<AppEnv>(async (c, next) => {
    if ((c.req.header("upgrade") ?? "").toLowerCase() !== "websocket") {
      return refuse(c, said("texts.socketOnly"), 426);
    }
    if (!fromOwnSite(c, deps.config.publicUrl)) {
      return refuse(c, said("texts.socketCrossSite"), 403);
    }
    if (c.var.user) await hub.start();
    await next();
  });

  app.get(
    "/ws",
    handshake,
    upgradeWebSocket((c) => {
      const user = c.var.user;
      const session = c.var.session;
      // The socket's refusals are said in the page's language.
      const locale = localeOf(c);
      if (!user || !session) {
        return {
          onOpen: (_event, ws) => {
            ws.send(JSON.stringify(spoken(rtError("not_authenticated"), locale)));
            ws.close(CLOSE_CODE.notAuthenticated, "not authenticated");
          },
        };
      }
      let connId = "";
      return {
        onOpen: (_event, ws) => {
          connId = hub.open(
            ws.raw as WebSocket,
            { id: user.id, username: user.username },
            session.sid,
            locale,
          );
        },
        onMessage: (event) => {
          hub.message(connId, event.data as string | ArrayBuffer | Blob)
            .catch((err) => logger.error("ws message failed", err));
        },
        onClose: () => {
          hub.close(connId).catch((err) => logger.error("ws close failed", err));
        },
        onError: () => {},
      };
    }, { idleTimeout: IDLE_TIMEOUT_S }),
  );

  return app;
}
