// Replacing a response after the handler made it (lib/server/http/response.ts) keeps what Hono's own
// `c.res = …` keeps: every header of the old response, its cookies (each one), the new one's
// Content-Type and Content-Length, and a header only the new one has.
import { Hono } from "hono";
import { assertEquals } from "./_assert.ts";
import { replaceResponse } from "../../lib/server/http/response.ts";

function appReplacingWith(make: () => Response) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    replaceResponse(c, make());
  });
  app.get("/", (c) => {
    c.header("set-cookie", "a=1; Path=/", { append: true });
    c.header("set-cookie", "b=2; Path=/", { append: true });
    c.header("x-old", "old");
    c.header("vary", "Cookie");
    return c.text("the old body, long enough");
  });
  app.get("/no-cookies", (c) => c.text("old"));
  return app;
}

Deno.test("replaceResponse: the old headers and cookies, the new type, length and body", async () => {
  const app = appReplacingWith(() =>
    new Response("new", {
      status: 201,
      headers: {
        "content-type": "application/json",
        "content-length": "3",
        "x-new": "new",
        "vary": "Accept-Encoding",
        "set-cookie": "c=3",
      },
    })
  );
  const res = await app.request("/");
  assertEquals(res.status, 201);
  assertEquals(await res.text(), "new");
  assertEquals(res.headers.get("content-type"), "application/json");
  assertEquals(res.headers.get("content-length"), "3");
  assertEquals(res.headers.get("x-old"), "old");
  assertEquals(res.headers.get("x-new"), "new");
  // A header both have keeps the old value (as Hono's own replacement does).
  assertEquals(res.headers.get("vary"), "Cookie");
  // The old response's cookies, each on its own line; the new one's are dropped.
  assertEquals(res.headers.getSetCookie(), ["a=1; Path=/", "b=2; Path=/"]);
});

Deno.test("replaceResponse: the new response's cookies stay when the old one had none", async () => {
  const app = appReplacingWith(() =>
    new Response("new", { headers: { "content-type": "text/plain", "set-cookie": "c=3" } })
  );
  const res = await app.request("/no-cookies");
  assertEquals(await res.text(), "new");
  assertEquals(res.headers.getSetCookie(), ["c=3"]);
});
