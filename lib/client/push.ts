// "Tell me when someone is here": this browser's Web Push subscription. Turning it on asks the
// browser's permission, subscribes with the site's VAPID key and hands the subscription and the
// browser's time zone to the server (which keeps the quiet hours where the member is).

/** What this browser can do: "on" (subscribed), "ask" (not yet), "blocked", "unsupported". */
export type PushState = "on" | "ask" | "blocked" | "unsupported";

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in globalThis &&
    "Notification" in globalThis;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return await navigator.serviceWorker.getRegistration("/") ??
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

/** Where this browser stands (no prompt). */
export async function pushState(): Promise<PushState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const reg = await navigator.serviceWorker.getRegistration("/");
  return (await reg?.pushManager.getSubscription()) ? "on" : "ask";
}

function keyBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function send(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`push: ${res.status}`);
  return await res.json();
}

/** Asks the browser, subscribes and tells the server; "failed" when any step fails. */
export async function turnOnPush(): Promise<PushState | "failed"> {
  if (!supported()) return "unsupported";
  try {
    if (await Notification.requestPermission() !== "granted") return "blocked";
    const reg = await registration();
    const { publicKey } = await send("GET", "/api/push/key") as { publicKey: string };
    const sub = await reg.pushManager.getSubscription() ??
      await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
    const { endpoint, keys } = sub.toJSON();
    await send("POST", "/api/push/subscriptions", {
      endpoint,
      keys,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    return "on";
  } catch (err) {
    console.warn("push:", err);
    return "failed";
  }
}
