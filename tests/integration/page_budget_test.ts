// Page weight budgets: the JavaScript each page loads before it runs (gzip, as `deno task build`
// prints it) stays within issue 18's budgets. A page over budget fails here, with its files.
import assert from "node:assert/strict";
import { ensureBuilt } from "../../lib/server/build/assets.ts";
import {
  JS_BUDGET_KB,
  MESSAGES_BUDGET_KB,
  messagesWeight,
  pageWeight,
} from "../../lib/server/build/page_weight.ts";
import { LOCALES } from "../../lib/shared/i18n/locales.ts";
import { testConfig } from "../../lib/server/config.ts";
import { openKv } from "../../kv/db.ts";
import { createApp } from "../../routes/app.tsx";
import { signInCookie } from "../../scripts/sign_in.ts";
import { Hub } from "../../lib/server/realtime/hub.ts";

Deno.test("budgets: each page's JavaScript (gzip) is within its budget", async () => {
  const kv = await openKv(":memory:");
  const config = testConfig();
  const hub = new Hub(kv, config);
  try {
    const app = await createApp({ config, kv, assets: await ensureBuilt(), hub, log: () => {} });
    const cookie = await signInCookie(kv, config);
    const over: string[] = [];
    for (const [path, { as, kb }] of Object.entries(JS_BUDGET_KB)) {
      const w = await pageWeight(app, path, as === "member" ? cookie : undefined);
      assert.equal(w.status, 200, `${path} as ${as}`);
      const got = w.gzipBytes / 1024;
      console.log(`${path} (${as}): ${got.toFixed(1)} KB of ${kb} KB in ${w.files.length} files`);
      if (got > kb) over.push(`${path}: ${got.toFixed(1)} KB > ${kb} KB (${w.files.join(", ")})`);
    }
    assert.deepEqual(over, [], "pages over budget");
    // The live page does load a script: the budget is measured on something real.
    assert.ok((await pageWeight(app, "/connecting", cookie)).gzipBytes > 10 * 1024);
  } finally {
    await hub.stop();
    kv.close();
  }
});

Deno.test("budgets: the messages a page embeds, in each language, are within budget (gzip)", async () => {
  const kv = await openKv(":memory:");
  const config = testConfig();
  const hub = new Hub(kv, config);
  try {
    const app = await createApp({ config, kv, assets: await ensureBuilt(), hub, log: () => {} });
    const cookies = new Map<string, string>();
    for (const locale of LOCALES) cookies.set(locale, await signInCookie(kv, config, locale));
    const over: string[] = [];
    let largest = 0;
    for (const [path, { as, kb }] of Object.entries(JS_BUDGET_KB)) {
      for (const locale of LOCALES) {
        // A guest's language from the header; a member's from their profile.
        const headers: Record<string, string> = { "accept-language": locale };
        if (as === "member") headers.cookie = cookies.get(locale)!;
        const res = await app.request(path, { headers });
        const html = await res.text();
        assert.match(html, new RegExp(`<html lang="${locale}"`), `${path} in ${locale}`);
        const bytes = messagesWeight(html);
        // A page without islands embeds no messages (its text is all in its HTML).
        if (kb === 0) assert.equal(bytes, 0, `${path} embeds messages`);
        largest = Math.max(largest, bytes);
        if (bytes > MESSAGES_BUDGET_KB * 1024) {
          over.push(`${path} in ${locale}: ${(bytes / 1024).toFixed(1)} KB`);
        }
      }
    }
    console.log(`largest messages: ${(largest / 1024).toFixed(1)} KB of ${MESSAGES_BUDGET_KB} KB`);
    assert.deepEqual(over, [], "messages over budget");
  } finally {
    await hub.stop();
    kv.close();
  }
});
