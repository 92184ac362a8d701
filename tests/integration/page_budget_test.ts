// Page weight budgets: the JavaScript each page loads before it runs (gzip, as `deno task build`
// prints it) stays within issue 18's budgets. A page over budget fails here, with its files.
import assert from "node:assert/strict";
import { ensureBuilt } from "../../server/build/assets.ts";
import { JS_BUDGET_KB, pageWeight } from "../../server/build/page_weight.ts";
import { testConfig } from "../../server/config.ts";
import { openKv } from "../../kv/db.ts";
import { createApp } from "../../routes/app.tsx";
import { signInCookie } from "../../scripts/sign_in.ts";
import { Hub } from "../../server/realtime/hub.ts";

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
