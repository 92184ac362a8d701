// Sending one Web Push message: the web-push library signs the request (VAPID, RFC 8292) and
// encrypts the payload (RFC 8291, aes128gcm); fetch delivers it. Only to a push service's own
// address (allowedEndpoint): the server never posts to an address a member could point at
// something else.
import webpush from "web-push";
import type { VapidKeys } from "../../../kv/push.ts";

/** The browsers' push services (Chrome and Edge, Firefox, Safari, Windows). */
const PUSH_HOSTS = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.services.mozilla.com",
  "web.push.apple.com",
  "notify.windows.com",
];

/**
 * Whether the server may post to `endpoint`: https on a push service's host (or a subdomain of
 * one); outside production also a push service on this machine (the tests' local one).
 */
export function allowedEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (!production && ["127.0.0.1", "localhost"].includes(host)) return true;
  return url.protocol === "https:" && !url.port &&
    PUSH_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** "gone": the push service says the subscription no longer exists (404, 410). */
export type SendResult = "sent" | "gone" | "failed";

export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  subject: string,
): Promise<SendResult> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 15 * 60,
      contentEncoding: "aes128gcm",
    },
  );
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== "content-length") headers.set(name, String(value));
  }
  const res = await fetch(details.endpoint, {
    method: "POST",
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return "gone";
  return res.ok ? "sent" : "failed";
}

/** A fresh VAPID key pair (URL-safe base64, as browsers take the public one). */
export function newVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}
