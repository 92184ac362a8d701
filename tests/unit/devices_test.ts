// "Your devices": the short label read from a User-Agent, and the rule that writes a session's
// last-seen time at most once in LAST_SEEN_EVERY_MS.
import assert from "node:assert/strict";
import { deviceLabel, parseUserAgent } from "../../lib/shared/devices.ts";
import {
  LAST_SEEN_EVERY_MS,
  lastSeenDue,
  lastSeenOf,
  type SessionRecord,
} from "../../kv/sessions.ts";
import { withMessages } from "../../lib/shared/i18n/messages.ts";
import { serverMessages } from "../../lib/server/i18n/catalogs.ts";

const AGENTS: [string, string][] = [
  [
    "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
    "Firefox on Android",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome on Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge on Windows",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Safari on iOS",
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    "Chrome on iPadOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/131.0 Mobile/15E148 Safari/605.1.15",
    "Firefox on iOS",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Safari on macOS",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0",
    "Firefox on macOS",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    "Samsung Internet on Android",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 OPR/85.0.0.0",
    "Opera on Android",
  ],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Chrome on ChromeOS",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome on Linux",
  ],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"],
  ["Mozilla/5.0 (Linux; Android 14) SomeWebView", "A browser on Android"],
  ["curl/8.5.0", "Unknown browser"],
  ["Deno/2.9.6", "Unknown browser"],
  ["", "Unknown browser"],
];

Deno.test("devices: a User-Agent's browser and system make the label", () => {
  withMessages(serverMessages("en"), () => {
    for (const [ua, label] of AGENTS) assert.equal(deviceLabel(parseUserAgent(ua)), label, ua);
    assert.equal(deviceLabel(parseUserAgent(undefined)), "Unknown browser");
  });
});

Deno.test("devices: the label is in the page's language; the names stay as they are", () => {
  const firefox = parseUserAgent(AGENTS[0][0]);
  withMessages(serverMessages("de"), () => {
    assert.equal(deviceLabel(firefox), "Firefox auf Android");
    assert.equal(deviceLabel({ browser: null, system: null }), "Unbekannter Browser");
  });
  withMessages(
    serverMessages("ja"),
    () => assert.equal(deviceLabel(firefox), "Android の Firefox"),
  );
});

Deno.test("devices: a session's last-seen time is written at most once per step", () => {
  const t0 = Date.UTC(2026, 11, 7, 8, 0);
  // A record from before the devices list: only sid, userId, createdAt and expiresAt.
  const old: SessionRecord = { sid: "s", userId: "u", createdAt: t0, expiresAt: t0 + 1e9 };
  assert.equal(lastSeenOf(old), t0, "without a last-seen time, the sign-in is the last seen");
  assert.equal(lastSeenDue(old, t0 + 1000), false);
  assert.equal(lastSeenDue(old, t0 + LAST_SEEN_EVERY_MS - 1), false);
  assert.equal(lastSeenDue(old, t0 + LAST_SEEN_EVERY_MS), true);
  const seen = { ...old, lastSeenAt: t0 + 20 * 60_000 };
  assert.equal(lastSeenOf(seen), t0 + 20 * 60_000);
  assert.equal(lastSeenDue(seen, t0 + 21 * 60_000), false, "seen a minute ago: no write");
  assert.equal(lastSeenDue(seen, t0 + 25 * 60_000), true, "five minutes on: one write");
  // A clock behind the one that wrote it writes nothing until it catches up.
  assert.equal(lastSeenDue(seen, t0), false);
});
