// Whose calls hide their IP address: the member's choice, else the site's default, only where a
// relay is configured, and always where the site sends every call through its relay.
import assert from "node:assert/strict";
import { testConfig } from "../../lib/server/config.ts";
import { ipRelayOf, transportPolicyFor } from "../../lib/server/realtime/ice.ts";

const TURN = { TURN_URLS: "turn:turn.example.test:3478", TURN_SECRET: "s" };
const choices = [undefined, true, false] as const;

function policies(env: Record<string, string>): string[] {
  const ice = testConfig(env).ice;
  return choices.map((c) => transportPolicyFor(ice, c));
}

Deno.test("hide IP: not chosen, on, off → the policy each member's browser is given", () => {
  assert.deepEqual(policies(TURN), ["relay", "relay", "all"]);
  assert.deepEqual(policies({ ...TURN, HIDE_IP_DEFAULT: "false" }), ["all", "relay", "all"]);
  // No relay: nothing can be hidden, calls go as before.
  assert.deepEqual(policies({}), ["all", "all", "all"]);
  // Every call through the relay: hidden whatever the member chose.
  assert.deepEqual(policies({ ...TURN, ICE_TRANSPORT_POLICY: "relay" }), [
    "relay",
    "relay",
    "relay",
  ]);
});

Deno.test("hide IP: what the profile page is told", () => {
  assert.deepEqual(ipRelayOf(testConfig().ice), {
    available: false,
    byDefault: true,
    always: false,
  });
  assert.deepEqual(ipRelayOf(testConfig({ ...TURN, HIDE_IP_DEFAULT: "false" }).ice), {
    available: true,
    byDefault: false,
    always: false,
  });
});
