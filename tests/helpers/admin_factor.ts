// The second-factor tests' administrator: one account from ADMIN_EMAIL, a server with or without
// the production rule (REQUIRED), and sign-ins from further browsers.
import { startServer, type TestServer } from "./server.ts";
import { awaitMails, type Client, mailsTo, signIn } from "./accounts.ts";

export const ADMIN = { ADMIN_EMAIL: "chief@example.test", ADMIN_PASSWORD: "admin-pass-1" };
/** The production rule on: every administrator must give a second factor. */
export const REQUIRED = { ...ADMIN, ADMIN_SECOND_FACTOR: "required" };
export const FACTOR_API = "/api/admin/second-factor";

/** A server started with `env`, the administrator signed in with their password. */
export async function withAdmin(
  env: Record<string, string>,
  fn: (server: TestServer, admin: Client) => Promise<void>,
) {
  const server = await startServer(env);
  try {
    await fn(server, await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD));
  } finally {
    await server.close();
  }
}

/**
 * Signs the administrator in from another browser, once the mail that sign-in sends (a new
 * browser) is stored: a dump taken next sees only what the requests after it store.
 */
export async function signInAgain(server: TestServer): Promise<Client> {
  const mails = (await mailsTo(server.kv, ADMIN.ADMIN_EMAIL)).length;
  const client = await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  await awaitMails(server.kv, ADMIN.ADMIN_EMAIL, mails + 1);
  return client;
}
