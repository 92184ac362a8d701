// /auth: login, register, forgot password and the success tabs; /verify-email and /confirm-email:
// the links from the verification and email-change mails, which go home with a toast saying how
// it went (the verification link also signs its member in on that browser).
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { Island } from "../../lib/server/render/island.tsx";
import type { AuthTab } from "../../lib/shared/auth/rules.ts";
import { AccountError, confirmEmailChange, verifyEmail } from "../../lib/server/auth/accounts.ts";
import { setFlash } from "../../lib/server/http/flash.ts";
import { listInvitationsOf } from "../../kv/users.ts";
import { activeBan } from "../../lib/shared/moderation/bans.ts";
import { type Said, said } from "../../lib/shared/i18n/said.ts";
import type { AppError } from "../../lib/server/http/errors.ts";

/** What a refused link's toast says: the refusal's message. */
const told = (err: AppError): Said => err.said;

const OPEN_TABS = new Set<AuthTab>(["login", "register", "forgot-password"]);

/** The welcome tab's name and invitation link (the member's first unused code). */
async function welcomeOf(deps: AppDeps, userId: string, username: string) {
  const unused = (await listInvitationsOf(deps.kv, userId)).find((i) => !i.usedBy);
  return {
    username,
    inviteLink: unused ? `${deps.config.origin}/auth?invite=${unused.code}` : undefined,
  };
}

export function authPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get("/auth", async (c) => {
    const user = c.get("user");
    const invite = (c.req.query("invite") ?? "").trim().slice(0, 64);
    const resetToken = (c.req.query("reset") ?? "").trim().slice(0, 200);
    const asked = c.req.query("tab") as AuthTab | undefined;
    // The register form comes here once the account exists: the page (its header included) is
    // rendered signed in, with the welcome and the member's own invitation to share.
    const welcome = Boolean(user) && !resetToken && asked === "registration-success";
    const initialTab: AuthTab = resetToken
      ? "reset-password"
      : welcome
      ? "registration-success"
      : asked && OPEN_TABS.has(asked)
      ? asked
      : invite
      ? "register"
      : "login";
    const registered = welcome && user ? await welcomeOf(deps, user.id, user.username) : undefined;
    return page(c, deps, {
      title: said("auth.pageTitle"),
      // Without a query, a guest's sign-in page is the same for every guest.
      sameForEveryGuest: !c.req.url.includes("?"),
      body: (
        <div class="auth-page">
          <Island
            name="AuthPanel"
            props={{
              initialTab,
              signedIn: Boolean(user) && !resetToken,
              invitationCode: invite,
              resetToken,
              registered,
            }}
          />
        </div>
      ),
    });
  });

  // A link opened from a mail: whatever happens, the member lands on / and a toast says how it
  // went (a failure is no error page).
  app.get("/verify-email", async (c) => {
    const accountDeps = { kv: deps.kv, origin: deps.config.origin };
    const verified = await verifyEmail(accountDeps, c.req.query("token") ?? "").catch((err) => {
      if (err instanceof AccountError) return err;
      throw err;
    });
    // The link signs its member in on this browser: registration itself starts no session, so
    // the link is how a new member comes in (a banned member gets no session). The browser is
    // listed as the member's, without a new-browser mail: the link came from their own mailbox.
    if (!(verified instanceof AccountError) && !activeBan(verified)) {
      if (c.get("user")?.id !== verified.id) await deps.sessions.start(c, verified.id, true);
    }
    setFlash(
      c,
      verified instanceof AccountError
        ? { kind: "failure", title: said("auth.verificationFailed"), description: told(verified) }
        : {
          kind: "success",
          title: said("auth.emailVerified"),
          description: said("auth.emailVerifiedText", { username: verified.username }),
        },
    );
    return c.redirect("/", 303);
  });

  app.get("/confirm-email", async (c) => {
    const accountDeps = { kv: deps.kv, origin: deps.config.origin };
    const changed = await confirmEmailChange(accountDeps, c.req.query("token") ?? "").catch(
      (err) => {
        if (err instanceof AccountError) return err;
        throw err;
      },
    );
    setFlash(
      c,
      changed instanceof AccountError
        ? { kind: "failure", title: said("auth.emailChangeFailed"), description: told(changed) }
        : {
          kind: "success",
          title: said("auth.emailChanged"),
          description: said("auth.emailChangedDescription", { email: changed.email }),
        },
    );
    return c.redirect("/", 303);
  });

  return app;
}
