// Reaching a socket wherever it is: on this instance, a message is handled at once; on another,
// it goes through that instance's KV mailbox (kv/mailbox.ts), which each instance watches, with
// a timed re-read since watch events can collapse or be missed (docs/realtime.md, "Reaching
// another instance"). A watch event carries the last commit's messages: those next in their
// sender's order are handled at once, without the read.
import { inbox, post, postMany, take, watchMailbox } from "../../../kv/mailbox.ts";
import { PATIENT_RETRY, retrying } from "../../../kv/retry.ts";
import type { Match } from "../../../kv/matches.ts";
import type { Core } from "./core.ts";
import { WatchedRead } from "./watched_read.ts";
import { logFailure } from "./core.ts";
import type { ServerOutbound } from "../../shared/realtime/protocol.ts";

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
  payload?: ServerOutbound;
}

/** An envelope as delivered. */
export interface Delivery extends Envelope, Recipient {
  /** `<sender's message number>-<sender's instance id>`. */
  id: string;
  sentAt: number;
  /** The id of the message the same sender posted to the same instance before this one. */
  prev?: string;
}

const DRAIN_EVERY_MS = 1_000;
/** How long a handled message's id is remembered: past the life of any stored message. */
const HANDLED_KEEP_MS = 10 * 60_000;

/** The sender's instance id, from a message id. */
const senderOf = (id: string) => id.slice(id.indexOf("-") + 1);

export class Mailbox {
  /** Numbers this instance's outgoing messages, so a mailbox keeps their order. */
  private sent = 0;
  /** The last message id posted to each other instance (the next one's `prev`). */
  private lastTo = new Map<string, string>();
  /** The last message id handled from each sender, and when each id was handled. */
  private lastFrom = new Map<string, string>();
  private handled = new Map<string, number>();
  /** Messages are handled one at a time, in the order they were accepted. */
  private handling: Promise<void> = Promise.resolve();
  private drains: WatchedRead;

  constructor(private core: Core, private receive: (msg: Delivery) => Promise<void>) {
    this.drains = new WatchedRead(core, {
      watch: () => watchMailbox<Delivery>(core.kv, core.instanceId),
      onEvent: (msgs) => this.fastPath(msgs as Delivery[]),
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
    await this.handling;
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
    if (to.instanceId === this.core.instanceId) return await this.receive(full);
    full.prev = this.lastTo.get(to.instanceId);
    this.lastTo.set(to.instanceId, full.id);
    if (this.core.stopped) {
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
    for (const entry of waiting.slice(0, taken)) this.accept(entry.value);
    this.forgetOld();
    await this.handling;
    return taken < waiting.length;
  }

  /**
   * The messages a watch event carried: each next in its sender's order (its `prev` is the last
   * one handled from that sender) is handled now; at the first that is not, the rest wait for the
   * drain, which the same event starts. The drain then takes them out, handled once.
   */
  private fastPath(msgs: Delivery[]) {
    for (const msg of msgs ?? []) {
      if (this.handled.has(msg.id)) continue;
      if (msg.instanceId !== this.core.instanceId) continue;
      if (msg.prev !== this.lastFrom.get(senderOf(msg.id))) return;
      this.accept(msg);
    }
  }

  /** Queues a message for handling, once: after those accepted before it. */
  private accept(msg: Delivery) {
    if (this.handled.has(msg.id)) return;
    this.handled.set(msg.id, Date.now());
    this.lastFrom.set(senderOf(msg.id), msg.id);
    this.handling = this.handling.then(() => this.receive(msg)).catch(
      logFailure("mailbox message failed"),
    );
  }

  private forgetOld() {
    const before = Date.now() - HANDLED_KEEP_MS;
    for (const [id, at] of this.handled) {
      if (at >= before) break; // in the order they were handled
      this.handled.delete(id);
    }
  }
}
