// A rolling deploy under load, small: three instances (processes) on one KV, members searching,
// in calls and idle through a load balancer, HTTP requests throughout; each instance in turn is
// stopped (SIGTERM, exit awaited) and started again. No 5xx, no search lost, no call ended, no
// member sees more than a reconnecting notice (bench/rolling_deploy.ts runs it with 200).
import assert from "node:assert/strict";
import { rollingDeploy } from "../helpers/rolling_deploy.ts";

Deno.test({
  name: "rolling deploy: three instances restarted in turn under load lose nothing",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const r = await rollingDeploy({
      instances: 3,
      searching: 6,
      calling: 8,
      idle: 6,
      arriving: 6,
    });
    assert.deepEqual(r.restarts.map((x) => x.exitCode), [0, 0, 0], "each stop was clean");
    assert.ok(r.membersReconnected > 0, "restarts dropped sockets, which came back");
    assert.ok(r.http.requests > 0);
    assert.equal(r.http.status5xx, 0, "no 5xx");
    assert.equal(r.http.status4xx, 0, "no 4xx either");
    assert.equal(r.http.failed, 0, "no request failed");
    assert.equal(r.searchesLost, 0, "every searcher still searches on a running instance");
    assert.ok(r.arrivalsUnmatched <= 1, `members who pressed Start met each other: ${r.seen}`);
    assert.equal(r.callsEnded, 0, "every call outlived the deploy");
    assert.equal(r.sawMore, 0, `nothing beyond a reconnecting notice: ${r.seen.join("\n")}`);
  },
});
