// A push service on this machine for the Web Push tests: it hands out subscriptions (a P-256 key
// pair and an auth secret per browser, as a browser makes them), and for each message it receives
// checks the VAPID signature (RFC 8292: an ES256 JWT for this service's origin, signed by the key
// the request names) and decrypts the payload (RFC 8291, aes128gcm) with that browser's private
// key. A subscription can be made to answer 410 Gone.
const enc = new TextEncoder();
type Bytes = Uint8Array<ArrayBuffer>;

export const b64url = (bytes: Bytes) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export function fromB64url(text: string): Bytes {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export interface Received {
  subscription: string;
  /** The VAPID JWT verified against the key the request named, for this origin, unexpired. */
  vapidOk: boolean;
  /** The key the request was signed with (URL-safe base64). */
  vapidKey: string;
  /** The JWT's claims. */
  claims: Record<string, unknown>;
  /** The decrypted payload (null if it did not decrypt). */
  payload: string | null;
  ttl: string | null;
}

interface Browser {
  keys: CryptoKeyPair;
  publicRaw: Bytes;
  auth: Bytes;
  gone: boolean;
}

export interface PushService {
  origin: string;
  received: Received[];
  /** A new browser's subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }>;
  /** Makes the subscription answer 410 Gone from now on. */
  gone(endpoint: string): void;
  close(): Promise<void>;
}

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

const concat = (...parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
};

/** RFC 8291 / RFC 8188 (one record): the plaintext, or null. */
async function decrypt(body: Bytes, browser: Browser): Promise<string | null> {
  try {
    const salt = body.slice(0, 16);
    const idlen = body[20];
    const senderRaw = body.slice(21, 21 + idlen);
    const ciphertext = body.slice(21 + idlen);
    const sender = await crypto.subtle.importKey(
      "raw",
      senderRaw,
      { name: "ECDH", namedCurve: "P-256" },
      false,
      [],
    );
    const secret = new Uint8Array(
      await crypto.subtle.deriveBits(
        { name: "ECDH", public: sender },
        browser.keys.privateKey,
        256,
      ),
    );
    const keyInfo = concat(enc.encode("WebPush: info\0") as Bytes, browser.publicRaw, senderRaw);
    const ikm = await hkdf(browser.auth, secret, keyInfo, 32);
    const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0") as Bytes, 16);
    const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0") as Bytes, 12);
    const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
    const plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext),
    );
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (plain[end] !== 2) return null; // the last record's delimiter
    return new TextDecoder().decode(plain.slice(0, end));
  } catch {
    return null;
  }
}

/** Checks `vapid t=<jwt>, k=<key>`: the ES256 signature by k, the audience, the expiry. */
async function checkVapid(header: string, origin: string) {
  const t = /t=([^,\s]+)/.exec(header)?.[1] ?? "";
  const k = /k=([^,\s]+)/.exec(header)?.[1] ?? "";
  const [h, p, sig] = t.split(".");
  let claims: Record<string, unknown> = {};
  try {
    claims = JSON.parse(new TextDecoder().decode(fromB64url(p)));
    const alg = JSON.parse(new TextDecoder().decode(fromB64url(h))).alg;
    const key = await crypto.subtle.importKey(
      "raw",
      fromB64url(k),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const signed = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      key,
      fromB64url(sig),
      enc.encode(`${h}.${p}`),
    );
    const exp = Number(claims.exp) * 1000;
    const ok = alg === "ES256" && signed && claims.aud === origin && exp > Date.now() &&
      exp <= Date.now() + 24 * 3600_000 && String(claims.sub).startsWith("mailto:");
    return { ok, k, claims };
  } catch {
    return { ok: false, k, claims };
  }
}

export function startPushService(): Promise<PushService> {
  const browsers = new Map<string, Browser>();
  const received: Received[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const id = new URL(req.url).pathname.split("/").pop() ?? "";
    const browser = browsers.get(id);
    const body = new Uint8Array(await req.arrayBuffer());
    if (!browser) return new Response(null, { status: 404 });
    if (browser.gone) return new Response(null, { status: 410 });
    const vapid = await checkVapid(req.headers.get("authorization") ?? "", origin);
    received.push({
      subscription: id,
      vapidOk: vapid.ok && req.headers.get("content-encoding") === "aes128gcm",
      vapidKey: vapid.k,
      claims: vapid.claims,
      payload: await decrypt(body, browser),
      ttl: req.headers.get("ttl"),
    });
    return new Response(null, { status: 201 });
  });
  const origin = `http://127.0.0.1:${server.addr.port}`;
  return Promise.resolve({
    origin,
    received,
    async subscribe() {
      const keys = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
        "deriveBits",
      ]) as CryptoKeyPair;
      const publicRaw = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const id = crypto.randomUUID();
      browsers.set(id, { keys, publicRaw, auth, gone: false });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64url(publicRaw), auth: b64url(auth) },
      };
    },
    gone(endpoint: string) {
      const b = browsers.get(endpoint.split("/").pop() ?? "");
      if (b) b.gone = true;
    },
    close: () => server.shutdown(),
  });
}
