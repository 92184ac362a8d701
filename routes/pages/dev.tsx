// /dev/outbox: the emails the outbox provider kept, newest first. Not served in production, and
// outside it only to a caller on this machine (its links sign in and reset passwords): any other
// caller gets the 'Page not found' page, as in production.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { listOutbox } from "../../lib/server/email/mod.ts";
import { fromThisMachine } from "../../lib/server/http/loopback.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type home from "../../lib/shared/i18n/catalog/home/en.ts";
import { said } from "../../lib/shared/i18n/said.ts";

const t = tr<typeof home>("home");

type Mail = Awaited<ReturnType<typeof listOutbox>>[number];

/** The page's body (its texts are read while the page renders, in its language). */
function Outbox({ mails, provider }: { mails: Mail[]; provider: string }) {
  return (
    <section class="outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t("titleOutbox")}</h1>
      <p class="muted">{t("outboxIntro", { provider })}</p>
      {mails.length === 0 && <p>{t("noEmails")}</p>}
      <ol class="outbox-list">
        {mails.map((m) => (
          <li key={m.id} class="card outbox-mail">
            <p class="outbox-meta">
              <strong>{m.subject}</strong>
              {" — "}
              {t("mailTo")} <span class="outbox-to">{m.to}</span>{" "}
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
  );
}

export function devPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  if (deps.config.production) return app;

  app.get("/dev/outbox", async (c) => {
    if (!fromThisMachine(c)) return c.notFound();
    const mails = await listOutbox(deps.kv);
    return page(c, deps, {
      title: said("home.titleOutbox"),
      body: <Outbox mails={mails} provider={deps.email.name} />,
    });
  });

  return app;
}
