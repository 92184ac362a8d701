// Reaching a socket wherever it is: on this instance, a message is handled at once; on another,
// it goes through that instance's KV mailbox (kv/mailbox.ts), which each instance watches, with
// a timed re-read since watch events can collapse or be missed (docs/realtime.md, "Reaching
// another instance").
import { inbox, post, postMany, take, watchMailbox } from "../../../kv/mailbox.ts";
import { PATIENT_RETRY, retrying } from "../../../kv/retry.ts";
import type { Match } from "../../../kv/matches.ts";
import type { Core } from "./core.ts";
import { WatchedRead } from "./watched_read.ts";
import type { Outbound } from "../../shared/realtime/protocol.ts";

/** Where a message goes: a member's socket on an instance. */
export interface Recipient {
  instanceId: string;
  connId: string;
  userId: string;
}

/**
 * What one instance tells another about a socket of its: an event that updates the receiver's
 * view first (a match made, ended, moved; a pairing confirmed, declined, undone, or to search
 * again), and/or a message for the socket.
 */
export interface Envelope {
  event?:
    | "matched"
    | "ended"
    | "partner_moved"
    | "confirmed"
    | "declined"
    | "requeue"
    | "undone";
  matchId?: string;
  /** With "matched": the match just made, so the receiver need not read it back. */
  match?: Match;
  /**
   * With "matched": the pairing commit's versionstamp, when the claim checked the member's search
   * version (see profiles.profileMatched).
   */
  versionstamp?: string;
  /** With "matched": the pairing instance waits for a "confirmed" (or "declined"). */
  confirm?: boolean;
  payload?: Outbound;
}

/** An envelope as delivered. */
export interface Delivery extends Envelope, Recipient {
  id: string;
  sentAt: number;
}

const DRAIN_EVERY_MS = 1_000;

export class Mailbox {
  /** Numbers this instance's outgoing messages, so a mailbox keeps their order. */
  private sent = 0;
  private drains: WatchedRead;

  constructor(private core: Core, private receive: (msg: Delivery) => Promise<void>) {
    this.drains = new WatchedRead(core, {
      watch: () => watchMailbox(core.kv, core.instanceId),
      read: () => this.drain(),
      everyMs: DRAIN_EVERY_MS,
      what: "mailbox drain",
    });
  }

  start() {
    this.drains.start();
  }

  async stop() {
    await this.posting;
    await this.drains.stop();
  }

  /** To a connection on this instance directly, else through its instance's mailbox. */
  async deliver(to: Recipient, body: Envelope) {
    const full: Delivery = {
      id: `${(++this.sent).toString().padStart(12, "0")}-${this.core.instanceId}`,
      sentAt: Date.now(),
      userId: to.userId,
      connId: to.connId,
      instanceId: to.instanceId,
      ...body,
    };
    if (to.instanceId === this.core.instanceId) await this.receive(full);
    else if (this.core.stopped) {
      await retrying(() => post(this.core.kv, to.instanceId, full), PATIENT_RETRY);
    } else await this.post(to.instanceId, full);
  }

  /**
   * Posts for other instances, one batch at a time, in order: the messages handed in while a
   * batch is being written go together in the next (a burst of pairings' confirmations takes a few
   * commits, not one each).
   */
  private outgoing: {
    instanceId: string;
    msg: Delivery;
    done: () => void;
    fail: (err: unknown) => void;
  }[] = [];
  private posting: Promise<void> | null = null;

  private post(instanceId: string, msg: Delivery): Promise<void> {
    return new Promise((done, fail) => {
      this.outgoing.push({ instanceId, msg, done, fail });
      this.posting ??= this.postAll();
    });
  }

  private async postAll() {
    // The messages of this turn go with the first.
    await new Promise((r) => setTimeout(r, 0));
    while (this.outgoing.length) {
      const batch = this.outgoing.splice(0, 1_000);
      try {
        await postMany(this.core.kv, batch, (fn) => retrying(fn, PATIENT_RETRY));
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.fail(err);
      }
    }
    this.posting = null;
  }

  /**
   * Handles what waits in this instance's mailbox. Messages are taken (deleted) before they are
   * handled, many in one commit: those whose delete fails stay in the mailbox for the next drain
   * (true: drain again at once) instead of being lost or handled twice.
   */
  private async drain(): Promise<boolean> {
    const waiting = await inbox<Delivery>(this.core.kv, this.core.instanceId);
    const taken = await take(this.core.kv, waiting.map((e) => e.key));
    for (const entry of waiting.slice(0, taken)) await this.receive(entry.value);
    return taken < waiting.length;
  }
}
