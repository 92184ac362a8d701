// /dev/outbox: the emails the outbox provider kept, newest first. Not served in production, and
// outside it only to a caller on this machine (its links sign in and reset passwords): any other
// caller gets the 'Page not found' page, as in production.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { listOutbox } from "../../server/email/mod.ts";
import { fromThisMachine } from "../../server/http/loopback.ts";

export function devPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  if (deps.config.production) return app;

  app.get("/dev/outbox", async (c) => {
    if (!fromThisMachine(c)) return c.notFound();
    const mails = await listOutbox(deps.kv);
    return page(c, deps, {
      title: "Outbox",
      body: (
        <section class="outbox" aria-labelledby="outbox-title">
          <h1 id="outbox-title">Outbox</h1>
          <p class="muted">
            Emails kept by the outbox provider ({deps.email.name}). This page does not exist in
            production.
          </p>
          {mails.length === 0 && <p>No emails yet.</p>}
          <ol class="outbox-list">
            {mails.map((m) => (
              <li key={m.id} class="card outbox-mail">
                <p class="outbox-meta">
                  <strong>{m.subject}</strong> — to <span class="outbox-to">{m.to}</span>{" "}
                  <time dateTime={m.sentAt}>{m.sentAt}</time>
                </p>
                <pre class="outbox-text">{m.text}</pre>
                {[...m.text.matchAll(/https?:\/\/\S+/g)].map((l) => (
                  <a key={l[0]} class="outbox-link" href={l[0]}>{l[0]}</a>
                ))}
              </li>
            ))}
          </ol>
        </section>
      ),
    });
  });

  return app;
}
