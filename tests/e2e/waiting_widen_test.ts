// Waiting and widening in a real Chromium: a member in Warsaw filtered to their city sees how many
// are searching ("Fewer than 5 searching now"), is offered "Widen to Poland" once a member in
// Krakow searches, and meets them after one tap, without a new search; then the switch 'Widen
// automatically when nobody is near' on /filters is saved on their filters; 'Tell me when someone
// is here' shows on the search screen while few are allowed, and on /profile says when it cannot be
// set (no browser push service is reachable from this machine; the notices themselves are tested
// against a local push service in tests/integration/push_test.ts). The full Chromium (its headless
// shell refuses notifications), one server, two contexts with the fake camera.
import assert from "node:assert/strict";
import { waitForPath, waitLive, withLivePair } from "../helpers/live_browser.ts";
import type { Member } from "../helpers/accounts.ts";
import { listSubscriptions } from "../../kv/push.ts";

Deno.test({
  name: "waiting: a member filtered to one city meets a member elsewhere after tapping Widen",
  sanitizeOps: false,
  sanitizeResources: false,
  sanitizeExit: false,
  async fn(t) {
    let alice: Member | null = null;
    await withLivePair({ SEARCH_TIMEOUT_MS: "60000" }, async ({ a, b, errors, server }) => {
      await t.step("alone, the city filter's search says so; then Widen to Poland", async () => {
        await a.goto("/connecting");
        const figures = a.locator(".waiting-figures");
        await figures.getByText("Fewer than 5 searching now · fewer than 5 match your filters")
          .waitFor({ timeout: 15_000 });
        await figures.getByText("Too few recent searches like yours to tell the wait.").waitFor();
        assert.equal(await a.getByRole("button", { name: /^Widen/ }).count(), 0, "nobody to meet");
        // Alone: the screen offers to tell the member when someone is here.
        await a.getByRole("button", { name: "Tell me when someone is here" }).waitFor();
        // A member in Krakow searches: the city filter does not allow them, Poland would.
        await b.goto("/connecting");
        // Few are allowed for Bob too: his screen offers to tell him when someone is here.
        await b.getByRole("button", { name: "Tell me when someone is here" })
          .waitFor({ timeout: 15_000 });
        const widen = a.getByRole("button", { name: /^Widen to Poland$/ });
        await widen.waitFor({ timeout: 15_000 });
        await a.getByText("A wider filter would meet someone now.").waitFor();
        // Neither page has left the search meanwhile: the filter holds until the member widens.
        assert.equal(new URL(a.url()).pathname, "/connecting");
        assert.equal(new URL(b.url()).pathname, "/connecting");
        await widen.click();
        await Promise.all([waitLive(a), waitLive(b)]);
        // The location badges say who met whom: Krakow's member sees Warsaw, and back.
        const shown = async (p: typeof a) =>
          (await p.locator(".tile-remote .tile-badges").innerText()).replace(/\s+/g, " ");
        assert.match(await shown(a), /Poland/);
        assert.match(await shown(b), /Poland/);
      });

      await t.step("/filters saves 'Widen automatically when nobody is near'", async () => {
        await a.goto("/filters");
        const widenSwitch = a.getByRole("switch", {
          name: "Widen automatically when nobody is near",
        });
        await widenSwitch.waitFor();
        assert.equal(await widenSwitch.getAttribute("aria-checked"), "false");
        await widenSwitch.click();
        assert.equal(await widenSwitch.getAttribute("aria-checked"), "true");
        await a.getByRole("button", { name: "Save" }).click();
        await waitForPath(a, "/");
        const res = await alice!.client.get("/api/filters");
        const body = JSON.parse(res.text);
        assert.equal(body.widenAutomatically, true);
        assert.equal(body.locationPreference, "city", "the saved filter itself stays");
      });
      await t.step(
        "/profile: 'Tell me when someone is here' says when it cannot be set",
        async () => {
          await a.goto("/profile");
          await a.getByRole("tab", { name: "Privacy & Security" }).click();
          const ask = a.getByRole("button", { name: "Tell me when someone is here" });
          await ask.click();
          // Allowed, but this machine reaches no browser push service: the page says it failed,
          // and nothing is stored.
          await a.getByText("Could not turn on notifications. Please try again.").waitFor({
            timeout: 15_000,
          });
          assert.equal((await listSubscriptions(server.kv, alice!.id)).length, 0);
        },
      );
      assert.deepEqual(errors, []);
    }, {
      privacy: "off",
      full: true,
      setup: async (s) => {
        const { bob } = s;
        // Alice's browser may show notifications (the full Chromium: its headless shell refuses
        // them all).
        await s.ca.grantPermissions(["notifications"], { origin: s.server.url });
        alice = s.alice;
        // Alice (Warsaw, the helpers' default) wants her city; Bob is in Krakow, open to anyone.
        const f = await s.alice.client.post("/api/filters", { locationPreference: "city" });
        assert.equal(f.status, 200, f.text);
        const p = await bob.client.patch("/api/user/profile", { location: "Krakow, Poland" });
        assert.equal(p.status, 200, p.text);
      },
    });
  },
});
