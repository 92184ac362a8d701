// Firefox in the network lab (helpers/netlab.ts): a member whose Firefox is behind a carrier-grade
// NAT (random ports), and one whose Firefox is on a network without UDP, each call a Chromium member
// on another kind of network. Both pages decode the partner's video, and the path is the one the
// choices allow: the member who hides their address is relayed; without UDP Firefox reaches the
// relay over TCP.
import assert from "node:assert/strict";
import { LAB_SKIP, type RouterKind } from "../helpers/netlab.ts";
import { labFirefox, pairSeen, withLab } from "../helpers/netlab_call.ts";
import { expectRemoteVideoPlaying } from "../helpers/live_browser.ts";
import {
  asEvaluator,
  expectFirefoxPlaying,
  memberPage,
  startFromDiscover,
} from "../helpers/firefox.ts";
import { liveMember } from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";

interface Case {
  firefox: [RouterKind, "hide" | "show"];
  chromium: [RouterKind, "hide" | "show"];
}

const CASES: Case[] = [
  { firefox: ["random", "hide"], chromium: ["cone", "show"] },
  { firefox: ["noudp", "show"], chromium: ["random", "hide"] },
];

Deno.test({
  name: `network lab: Firefox behind a carrier-grade NAT and on a network without UDP${LAB_SKIP}`,
  ignore: LAB_SKIP !== "",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withLab(async (w) => {
      const seen: string[] = [];
      for (const c of CASES) {
        const name = `Firefox ${c.firefox[0]} (${c.firefox[1]} IP) ↔ Chromium ${c.chromium[0]} ` +
          `(${c.chromium[1]} IP)`;
        await t.step(name, async () => {
          const a = await w.member(c.chromium[0], { hideIp: c.chromium[1] === "hide" });
          const site = await w.lab.addSite(c.firefox[0]);
          const member = await liveMember(w.server, { tier: "vip", privacy: "off" });
          if (c.firefox[1] === "show") {
            const res = await member.client.patch("/api/user/profile", { hideIpAddress: false });
            assert.equal(res.status, 200, res.text);
          }
          const firefox = await labFirefox(w.lab, site, w.server.url);
          try {
            const b = await memberPage(firefox, w.server, member);
            await startFromDiscover(a.page, b, 30_000);
            await Promise.all([
              expectRemoteVideoPlaying(a.page, ACTION_TIMEOUT_MS, "Chromium"),
              expectFirefoxPlaying(b.page, 20_000),
            ]);
            const [sa, sb] = [await pairSeen(a.page), await pairSeen(asEvaluator(b.page))];
            seen.push(
              `${name}: Chromium ${sa.local}/${sa.relayProtocol || sa.protocol}, ` +
                `Firefox ${sb.local}/${sb.relayProtocol || sb.protocol}`,
            );
            assert.ok(sb.framesDecoded > 0 && sa.framesDecoded > 0, "both decode");
            if (c.firefox[1] === "hide") {
              assert.equal(sb.local, "relay", "Firefox hides its address");
            }
            if (c.chromium[1] === "hide") {
              assert.equal(sa.local, "relay", "Chromium hides its address");
            }
            if (c.firefox[0] === "noudp") {
              assert.equal(sb.local, "relay", "Firefox without UDP is relayed");
              assert.ok(["tcp", "tls"].includes(sb.relayProtocol), `over ${sb.relayProtocol}`);
            }
            assert.deepEqual([...a.errors, ...b.errors], []);
          } finally {
            await firefox.close();
            await a.browser.close();
          }
        });
      }
      console.log(seen.map((s) => `  ${s}`).join("\n"));
    }, { MATCH_DURATION_MS: "60000" });
  },
});
