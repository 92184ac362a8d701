// Say why (helpers/netlab.ts): when a call cannot connect, each member is told what their page
// observed, what to try, and that Next is free:
// - a member on a network that lets nothing out but the site (hide IP off, so even their public
//   address is looked for) hears that their network blocks calls, and their partner that the
//   partner's network could not be reached;
// - with the relay down (the default: addresses hidden, so only the relay is tried) both hear
//   that the relay could not be reached, over UDP, TCP and TLS.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { LAB_SKIP } from "../helpers/netlab.ts";
import { withLab } from "../helpers/netlab_call.ts";
import { waitLive } from "../helpers/live_browser.ts";
import LIVE from "../../lib/shared/i18n/catalog/live/en.ts";
import { interpolate } from "../../lib/shared/i18n/messages.ts";

/** The why the page shows under the partner's tile, once the link failed. */
async function whyShown(page: Page): Promise<{ kind: string; text: string; rest: string }> {
  const what = page.locator(".live-why-what");
  await what.waitFor({ state: "visible", timeout: 25_000 });
  return {
    kind: (await what.getAttribute("data-why")) ?? "",
    text: await what.innerText(),
    rest: await page.locator(".live-why").innerText(),
  };
}

function expectAdvice(rest: string) {
  assert.ok(rest.includes(LIVE.whyTry), rest);
  assert.ok(rest.includes(LIVE.freeNext), rest);
}

Deno.test({
  name: `network lab: a call that cannot connect says why${LAB_SKIP}`,
  ignore: LAB_SKIP !== "",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withLab(async (w) => {
      await t.step("a network that blocks calls, and its partner", async () => {
        const a = await w.member("blocked", { hideIp: false });
        const b = await w.member("random");
        await Promise.all([a.page.goto("/connecting"), b.page.goto("/connecting")]);
        await Promise.all([waitLive(a.page, 30_000), waitLive(b.page, 30_000)]);
        const [wa, wb] = [await whyShown(a.page), await whyShown(b.page)];
        assert.deepEqual([wa.kind, wa.text], ["network", LIVE.whyNetwork]);
        assert.deepEqual([wb.kind, wb.text], ["partner", LIVE.whyPartner]);
        expectAdvice(wa.rest);
        expectAdvice(wb.rest);
        assert.equal(
          await a.page.locator(".live-why a").getAttribute("href"),
          "/test-chat",
          "the connection check is offered",
        );
        await Promise.all([a.page.goto("/"), b.page.goto("/")]);
        await Promise.all([a.browser.close(), b.browser.close()]);
      });

      await t.step("the relay down: both hear it could not be reached", async () => {
        await w.turn.close();
        const a = await w.member("random");
        const b = await w.member("cone");
        await Promise.all([a.page.goto("/connecting"), b.page.goto("/connecting")]);
        await Promise.all([waitLive(a.page, 30_000), waitLive(b.page, 30_000)]);
        const text = interpolate(LIVE.whyRelayUnreachable, { ways: "UDP, TCP, TLS" });
        for (const m of [a, b]) {
          const why = await whyShown(m.page);
          assert.deepEqual([why.kind, why.text], ["relay-unreachable", text]);
          expectAdvice(why.rest);
        }
      });
    }, { MATCH_DURATION_MS: "60000" });
  },
});
