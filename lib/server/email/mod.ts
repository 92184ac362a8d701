// Email: one interface, two real providers. `outbox` keeps each message in KV (listed at
// /dev/outbox outside production) and prints it; `resend` sends through the Resend HTTP API.
import { Resend } from "resend";
import type { Config } from "../config.ts";
import { storeEmail } from "../../../kv/outbox.ts";
import { logger } from "../../shared/log.ts";
import type { EmailMessage, StoredEmail } from "../../shared/email.ts";
export type { EmailMessage, StoredEmail };

export { listOutbox } from "../../../kv/outbox.ts";

export interface EmailSender {
  readonly name: "outbox" | "resend";
  send(message: EmailMessage): Promise<void>;
}

export class OutboxSender implements EmailSender {
  readonly name = "outbox";
  constructor(private kv: Deno.Kv, private from: string, private print = true) {}

  async send(message: EmailMessage) {
    // Time-ordered ids, so the newest message lists last.
    const id = `${Date.now().toString().padStart(15, "0")}-${crypto.randomUUID().slice(0, 8)}`;
    const stored: StoredEmail = {
      ...message,
      id,
      from: this.from,
      sentAt: new Date().toISOString(),
    };
    await storeEmail(this.kv, stored);
    if (this.print) {
      logger.info("email kept in the outbox", {
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    }
  }
}

export class ResendSender implements EmailSender {
  readonly name = "resend";
  private client: Resend;
  constructor(apiKey: string, private from: string) {
    this.client = new Resend(apiKey);
  }

  async send(message: EmailMessage) {
    const { error } = await this.client.emails.send({
      from: this.from,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (error) throw new Error(`Resend refused the message: ${error.message}`);
  }
}

export function createEmailSender(kv: Deno.Kv, config: Config): EmailSender {
  if (config.email.provider === "resend") {
    return new ResendSender(config.email.resendApiKey!, config.email.from);
  }
  return new OutboxSender(kv, config.email.from, config.env !== "test");
}
