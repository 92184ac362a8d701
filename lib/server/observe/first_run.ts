// What a developer starting Glimpse for the first time needs to read in the log: where the emails
// go, how to become an administrator, and how to get an invitation code (the site is invite-only).
// Production prints nothing of this: its operator has docs/deploy.md.
import { type Config, DEFAULT_KV_PATH } from "../config.ts";

/**
 * The KV as the start-up line names it: the file path or ":memory:", a KV Connect URL's origin,
 * or Deno Deploy's managed KV (KV_PATH unset there).
 */
export function kvLabel(kvPath: string): string {
  if (kvPath === "") return "Deno Deploy's managed KV";
  if (/^https?:\/\//.test(kvPath)) return `KV Connect at ${new URL(kvPath).origin}`;
  return kvPath;
}

export function firstRunGuide(config: Config, emailProvider: string, port: number): string[] {
  if (config.production) return [];
  const base = config.publicUrl ?? `http://localhost:${port}`;
  const lines: string[] = [];
  lines.push(
    emailProvider === "outbox"
      ? `Emails are not sent: the outbox keeps them in KV; read them at ${base}/dev/outbox`
      : `Emails are sent through ${emailProvider}`,
  );
  lines.push(
    config.admin
      ? `Administrator: sign in as ${config.admin.email} at ${base}/auth`
      : "No administrator: start with ADMIN_EMAIL and ADMIN_PASSWORD set to create one",
  );
  // The command reads KV_PATH as the server does: name it when it is not the default.
  const kvPath = config.kvPath === DEFAULT_KV_PATH ? "" : `KV_PATH=${config.kvPath} `;
  lines.push(
    `Invitation codes: \`${kvPath}deno task invite 3\` prints 3; then open ${base}/auth?invite=CODE`,
  );
  return lines;
}
