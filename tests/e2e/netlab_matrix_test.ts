// Every kind of network connects (helpers/netlab.ts): members behind a random-port NAT
// (carrier-grade), a full-cone NAT, a network without UDP and one that lets only TCP 443 out, each
// kind meeting each other kind and itself, with "Hide my IP address" on and off. Each call
// decodes the partner's video on both pages, and the path getStats names is the one the members'
// choices allow: a member who hides their address is reached only through the relay; where both
// show it and a direct path exists (a full-cone NAT on one side) the call goes direct; a network
// without UDP reaches the relay over TCP, one with only 443 open over TLS on 443.
import assert from "node:assert/strict";
import { LAB_SKIP, type RouterKind } from "../helpers/netlab.ts";
import { type LabMember, type PairSeen, pairSeen, withLab } from "../helpers/netlab_call.ts";
import { describeLive, expectRemoteVideoPlaying, startPair } from "../helpers/live_browser.ts";
import { ACTION_TIMEOUT_MS } from "../helpers/time.ts";

interface Case {
  a: [RouterKind, "hide" | "show"];
  b: [RouterKind, "hide" | "show"];
}

const CASES: Case[] = [
  { a: ["random", "hide"], b: ["random", "hide"] },
  { a: ["random", "show"], b: ["random", "show"] },
  { a: ["random", "show"], b: ["cone", "show"] },
  { a: ["cone", "show"], b: ["cone", "show"] },
  { a: ["cone", "hide"], b: ["cone", "hide"] },
  { a: ["random", "hide"], b: ["noudp", "show"] },
  { a: ["cone", "show"], b: ["noudp", "show"] },
  { a: ["noudp", "hide"], b: ["noudp", "hide"] },
  { a: ["random", "show"], b: ["tcp443", "show"] },
  { a: ["cone", "hide"], b: ["tcp443", "hide"] },
  { a: ["noudp", "show"], b: ["tcp443", "show"] },
  { a: ["tcp443", "hide"], b: ["tcp443", "show"] },
];

/** How a side may reach the relay on its network: any way where UDP passes; TCP or TLS without. */
const RELAY_PROTOCOLS: Partial<Record<RouterKind, string[]>> = {
  random: ["udp", "tcp", "tls"],
  cone: ["udp", "tcp", "tls"],
  noudp: ["tcp", "tls"],
  tcp443: ["tls"],
};

const label = (c: Case) => `${c.a[0]} (${c.a[1]} IP) ↔ ${c.b[0]} (${c.b[1]} IP)`;

/** What the case's path must be, seen from one side. */
function checkSide(
  c: Case,
  side: "a" | "b",
  seen: PairSeen,
  other: PairSeen,
): string[] {
  const [kind, choice] = c[side];
  const [otherKind, otherChoice] = c[side === "a" ? "b" : "a"];
  const problems: string[] = [];
  const relayed = seen.local === "relay";
  if (choice === "hide" && !relayed) {
    problems.push(`${side} hides its IP but sends from ${seen.local}`);
  }
  const mustRelay = kind === "noudp" || kind === "tcp443";
  if (mustRelay && !relayed) problems.push(`${side} (${kind}) is not relayed: ${seen.local}`);
  if (relayed && !RELAY_PROTOCOLS[kind]?.includes(seen.relayProtocol)) {
    problems.push(`${side} (${kind}) reaches the relay over ${seen.relayProtocol}`);
  }
  // Both show their address and one side's NAT lets anyone in: the call goes direct.
  const direct = choice === "show" && otherChoice === "show" && !mustRelay &&
    otherKind !== "noudp" && otherKind !== "tcp443" && (kind === "cone" || otherKind === "cone");
  if (direct && (relayed || other.local === "relay")) {
    problems.push(`a direct path exists but the call is relayed (${seen.local} ↔ ${seen.remote})`);
  }
  return problems;
}

Deno.test({
  name: `network lab: each kind of network meets each other kind, hide IP on and off${LAB_SKIP}`,
  ignore: LAB_SKIP !== "",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    await withLab(async (w) => {
      // Two members behind each kind of router (a case may pair a kind with itself).
      const members = new Map<RouterKind, LabMember[]>();
      for (const kind of ["random", "cone", "noudp", "tcp443"] as const) {
        members.set(kind, [await w.member(kind), await w.member(kind)]);
      }
      const results: string[] = [];
      for (const c of CASES) {
        await t.step(label(c), async () => {
          const a = members.get(c.a[0])![0];
          const b = members.get(c.b[0])![c.a[0] === c.b[0] ? 1 : 0];
          for (const [m, choice] of [[a, c.a[1]], [b, c.b[1]]] as const) {
            const res = await m.member.client.patch("/api/user/profile", {
              hideIpAddress: choice === "hide",
            });
            assert.equal(res.status, 200, res.text);
          }
          const started = Date.now();
          await startPair(a.page, b.page, 30_000);
          try {
            await Promise.all([
              expectRemoteVideoPlaying(a.page, ACTION_TIMEOUT_MS, `a (${c.a[0]})`),
              expectRemoteVideoPlaying(b.page, ACTION_TIMEOUT_MS, `b (${c.b[0]})`),
            ]);
          } catch (err) {
            throw new Error(`${(err as Error).message}\n${w.turn.log().slice(-2000)}`);
          }
          const ms = Date.now() - started;
          const [sa, sb] = [await pairSeen(a.page), await pairSeen(b.page)];
          assert.ok(sa.framesDecoded > 0 && sb.framesDecoded > 0, "frames decoded on both");
          const problems = [...checkSide(c, "a", sa, sb), ...checkSide(c, "b", sb, sa)];
          results.push(
            `${label(c)}: ${sa.local}/${sa.relayProtocol || sa.protocol} ↔ ` +
              `${sb.local}/${sb.relayProtocol || sb.protocol}, both decoding ${ms} ms after Start`,
          );
          assert.deepEqual(problems, [], `${await describeLive(a.page)}`);
          // End Session, and both back home for the next case.
          await a.page.getByRole("button", { name: "End Session" }).click();
          // Each page's own way to /match-end first: a goto meanwhile would abort it.
          await Promise.all(
            [a.page, b.page].map((p) =>
              p.waitForURL((u) => u.pathname === "/match-end").then(() => p.goto("/"))
            ),
          );
        });
      }
      console.log(results.map((r) => `  ${r}`).join("\n"));
      for (const m of [...members.values()].flat()) assert.deepEqual(m.errors, []);
    }, { MATCH_DURATION_MS: "60000" });
  },
});
