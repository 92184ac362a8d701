// What the site says, written to a folder, to compare two versions of the code: the pages a guest,
// a member and an administrator open, a set of refusals the API and the socket handshake give,
// and the mails those requests send, each in English and German. Values that differ from run to
// run (nonces, build hashes, ids, codes, dates, tokens) are replaced by placeholders, so two runs
// of the same code write the same files, and a change of wording shows as a diff.
//
//   deno run -A scripts/text_snapshot.ts /tmp/before
//   (change the code)
//   deno run -A scripts/text_snapshot.ts /tmp/after && diff -r /tmp/before /tmp/after
import { startServer } from "../tests/helpers/server.ts";
import { Client, registerMember, signIn } from "../tests/helpers/accounts.ts";
import { listOutbox } from "../kv/outbox.ts";
import { queueSettled } from "../lib/server/jobs.ts";

const out = Deno.args[0];
if (!out) throw new Error("usage: deno run -A scripts/text_snapshot.ts <folder>");
await Deno.mkdir(out, { recursive: true });

const ADMIN = { ADMIN_EMAIL: "chief@example.test", ADMIN_PASSWORD: "admin-pass-1" };
const server = await startServer(ADMIN);

/** Replaces what changes from run to run. */
function stable(text: string): string {
  return text
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/'nonce-[^']*'/g, "'nonce-N'")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "UUID")
    .replace(/(\/build\/[\w/.-]*?)[-.][A-Za-z0-9_]{8,}\.(js|css|wasm|json)/g, "$1-HASH.$2")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "ISO")
    .replace(/127\.0\.0\.1:\d+/g, "HOST")
    .replace(/(token|code|t)=[A-Za-z0-9_-]{12,}/g, "$1=TOKEN")
    .replace(/"(id|sid|requestId|code|token|challenge)":"[^"]*"/g, '"$1":"X"')
    .replace(/\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/g, "CODE")
    .replace(/\b(m|admin)\d{6,}\w*/g, "$1NAME")
    .replace(/&quot;token&quot;:&quot;\w+&quot;/g, "&quot;token&quot;:&quot;X&quot;")
    .replace(/\b1\d{12}\b/g, "EPOCHMS")
    .replace(/class="admin-id">\w+</g, 'class="admin-id">ID<')
    .replace(/\b[A-Z0-9]{10}\b/g, "REFCODE")
    .replace(/%3A\d+%2F/g, "%3APORT%2F")
    .replace(/%3D[A-Z0-9]{10}\b/g, "%3DREFCODE")
    .replace(/\b\d{1,2}:\d\d(:\d\d)?( ?[AP]M)?/g, "HH:MM");
}

let n = 0;
async function save(name: string, text: string) {
  n++;
  await Deno.writeTextFile(`${out}/${name.replace(/[^\w.-]+/g, "_")}.txt`, stable(text));
}

function lang(client: Client, locale: string): Client {
  const c = client.clone();
  c.cookies.set("glimpse_lang", locale);
  return c;
}

const guest = new Client(server);
const member = await registerMember(server, { username: "m1000001" });
const unverified = await registerMember(server, { username: "m1000002", verified: false });

const GUEST_PAGES = [
  "/",
  "/welcome",
  "/auth",
  "/auth?mode=register",
  "/terms-of-service",
  "/privacy-policy",
  "/leaderboard",
  "/no-such-page",
  "/verify-email?token=bad",
  "/confirm-email?token=bad",
  "/manifest.webmanifest",
];
const MEMBER_PAGES = [
  "/",
  "/profile",
  "/tiers",
  "/viral",
  "/leaderboard",
  "/map-discovery",
  "/test",
  "/test-chat",
  "/cannot-go-live",
  "/session-limit",
  "/camera",
  "/connecting",
  "/live-match",
  "/match-end",
  "/admin",
  "/no-such-page",
];
const ADMIN_PAGES = [
  "/admin",
  "/admin/reports",
  "/admin/appeals",
  "/admin/audit",
  "/admin/system",
  "/admin/second-factor",
];

for (const locale of ["en", "de"]) {
  // A member's profile language comes before the switcher's cookie.
  // Each pass signs in afresh (the first pass's refusals may end a session).
  const signedIn = {
    member: await signIn(server, member.username, member.password),
    unverified: await signIn(server, unverified.username, unverified.password),
    admin: await signIn(server, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD),
  };
  // The sign-ins' mails go out first, in the language the member had until now.
  await queueSettled(server.kv);
  for (const client of Object.values(signedIn)) {
    const a = await client.patch("/api/user/profile", { language: locale });
    if (a.status !== 200) throw new Error(`language ${locale}: ${a.status} ${a.text}`);
  }
  for (const path of GUEST_PAGES) {
    const a = await lang(guest, locale).get(path);
    await save(`${locale}-guest-${path}`, `${a.status}\n${a.text}`);
  }
  for (const path of MEMBER_PAGES) {
    const a = await lang(signedIn.member, locale).get(path);
    await save(`${locale}-member-${path}`, `${a.status}\n${a.text}`);
  }
  for (const path of ADMIN_PAGES) {
    const a = await lang(signedIn.admin, locale).get(path);
    await save(`${locale}-admin-${path}`, `${a.status}\n${a.text}`);
  }
  const unv = await lang(signedIn.unverified, locale).get("/");
  await save(`${locale}-unverified-home`, `${unv.status}\n${unv.text}`);

  // Refusals: a request of each kind that the API answers with one of its texts.
  const m = lang(signedIn.member, locale);
  const g = lang(guest, locale);
  const a = lang(signedIn.admin, locale);
  const answers: [string, Promise<{ status: number; text: string }>][] = [
    [
      "login-wrong",
      g.post("/api/simple-login", { identifier: "m1000001", password: "nope-nope-1" }),
    ],
    ["login-empty", g.post("/api/simple-login", { identifier: "", password: "" })],
    [
      "login-bad-json",
      g.request("POST", "/api/simple-login", {
        body: "{",
        headers: { "content-type": "application/json" },
      }),
    ],
    [
      "register-taken",
      g.post("/api/register", {
        username: "m1000001",
        email: "x@example.test",
        password: "secret-pass-1",
        invitationCode: "NOPE-NOPE",
        ageConfirmed: true,
      }),
    ],
    [
      "register-short",
      g.post("/api/register", {
        username: "a",
        email: "bad",
        password: "x",
        invitationCode: "",
        ageConfirmed: false,
      }),
    ],
    [
      "cross-site",
      m.request("POST", "/api/simple-logout", { headers: { origin: "https://evil.example" } }),
    ],
    ["profile-guest", g.get("/api/user/profile")],
    ["profile-bad", m.patch("/api/user/profile", { bio: "x".repeat(5000) })],
    ["filters-bad", m.post("/api/filters", { hashtags: ["#" + "x".repeat(80)] })],
    ["checkout-bad", m.post("/api/subscription/create-checkout", { tier: "gold" })],
    ["checkout-ok", m.post("/api/subscription/create-checkout", { tier: "plus" })],
    ["portal", m.post("/api/subscription/portal", {})],
    ["report-bad", m.post("/api/report", { reportedUserId: "nobody", reason: "x" })],
    ["push-bad", m.post("/api/push/subscriptions", { endpoint: "http://x" })],
    [
      "push-delete",
      m.request("DELETE", "/api/push/subscriptions", {
        json: { endpoint: "https://push.example/x" },
      }),
    ],
    ["devices-bad", m.request("DELETE", "/api/devices/nope")],
    ["passkey-bad", m.post("/api/passkeys", { response: {} })],
    ["appeal-bad", g.post("/api/appeal", { token: "x", text: "hi" })],
    ["admin-member", m.get("/api/admin/reports")],
    ["admin-guest", g.get("/api/admin/reports")],
    ["admin-ban-bad", a.post("/api/admin/users/nope/ban", { reason: "" })],
    ["admin-hold-bad", a.request("DELETE", "/api/admin/users/nope/hold")],
    ["admin-factor-bad", a.post("/api/admin/second-factor/verify", { code: "12" })],
    ["not-found-api", g.get("/api/nope")],
    ["method", g.request("PUT", "/")],
    ["ws-plain", g.get("/ws")],
    ["location-bad", m.post("/api/location", { latitude: 999, longitude: 0 })],
    [
      "avatar-bad",
      m.request("POST", "/api/user/avatar", {
        body: "xx",
        headers: { "content-type": "image/png" },
      }),
    ],
    ["remove-password", m.post("/api/user/remove-password", {})],
    [
      "stripe-unsigned",
      g.request("POST", "/api/stripe/webhook", {
        body: "{}",
        headers: { "content-type": "application/json", origin: "" },
      }),
    ],
  ];
  for (const [name, pending] of answers) {
    const r = await pending;
    await save(`${locale}-api-${name}`, `${r.status}\n${r.text}`);
  }
}

// The mails the run sent (verification, new-browser notices…), by subject and body, in a fixed
// order (sorted once the run's own values are replaced).
const mails = (await listOutbox(server.kv, 1000))
  .map((m) => stable(`${m.to}\n${m.subject}\n${m.text}\n${m.html ?? ""}`)).sort();
await save("mails", mails.join("\n----\n"));

await server.close();
console.log(`${n} files in ${out}`);
