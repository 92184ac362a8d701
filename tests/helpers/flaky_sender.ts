// An email provider that fails its first sends: for the tests of mail retries.
import type { EmailMessage, EmailSender } from "../../lib/server/email/mod.ts";

/** Fails its first `failuresLeft` sends, then sends through `real`. */
export class FlakySender implements EmailSender {
  readonly name = "outbox";
  real: EmailSender | null = null;
  constructor(public failuresLeft: number) {}
  send(message: EmailMessage): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      return Promise.reject(new Error("provider hiccup"));
    }
    return this.real!.send(message);
  }
}
