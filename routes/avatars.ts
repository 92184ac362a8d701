// /avatars/:id: a member's profile picture, with its stored type. The URL carries a version, so
// a browser may keep a picture for a day.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "./context.tsx";
import { getAvatar } from "../kv/avatars.ts";

const MEMBER_ID = /^[\w-]{1,100}$/;

export function avatarRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/:id", async (c) => {
    const id = c.req.param("id");
    // A member id is a UUID (letters, digits and dashes): anything else names no picture and
    // never reaches KV.
    if (!MEMBER_ID.test(id)) return c.notFound();
    const avatar = await getAvatar(deps.kv, id);
    if (!avatar) return c.notFound();
    return c.body(avatar.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": avatar.type,
      "cache-control": "private, max-age=86400",
    });
  });

  return app;
}
