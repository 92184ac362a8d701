// The direct admin page's System tab: facts read from this instance, not made up.
import type { Config } from "../config.ts";
import type { EmailSender } from "../email/mod.ts";
import { kvRoundTrip } from "../../kv/db.ts";
import { environmentLabel, type SystemStatus } from "./shared.ts";

const PROVIDER_NAMES: Record<EmailSender["name"], string> = {
  outbox: "Outbox (emails kept in KV)",
  resend: "Resend",
};

/** Environment, a real KV round trip, the email provider in use and the socket server. */
export async function systemStatus(
  kv: Deno.Kv,
  env: Config["env"],
  email: Pick<EmailSender, "name">,
  socketsOpen: number,
): Promise<SystemStatus> {
  let database: SystemStatus["database"] = "Error";
  try {
    if (await kvRoundTrip(kv)) database = "Connected";
  } catch {
    database = "Error";
  }
  return {
    environment: environmentLabel(env),
    database,
    emailProvider: PROVIDER_NAMES[email.name] ?? email.name,
    websocketServer: `Running (${socketsOpen} open connection${socketsOpen === 1 ? "" : "s"})`,
  };
}
