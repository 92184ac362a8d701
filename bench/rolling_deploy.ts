// A rolling deploy under load: three instances (main.ts, each a process) on one KV file behind a
// load balancer (tests/helpers/fleet.ts: in turn, in rotation only while up, drained of its
// requests before a stop), 200 members with their pages' socket behaviour
// (tests/helpers/page_standin.ts) — searching for a partner no one fits, in calls, idle, and
// pressing Start in pairs as each restart begins — and HTTP reads and writes throughout. Each
// instance in turn gets SIGTERM; once it has exited the new one starts on its port, and the next
// restart waits for every page to be back. Prints what members and the operator would notice;
// nothing here passes or fails (tests/integration/faults_rolling_deploy_test.ts runs a small one
// and fails on any of it).
//
//   deno run -A bench/rolling_deploy.ts [--members 200]
import { rollingDeploy } from "../tests/helpers/rolling_deploy.ts";

export async function benchRollingDeploy(members = 200) {
  const searching = Math.round(members / 4);
  const arriving = 2 * Math.round(members / 20);
  const calling = 2 * Math.round((members - searching - arriving) / 4);
  const idle = members - searching - calling - arriving;
  console.log(
    `\nrolling deploy: 3 instances, ${members} members (${searching} searching, ${calling} in ` +
      `calls, ${idle} idle, ${arriving} pressing Start during the deploy)`,
  );
  const r = await rollingDeploy({
    instances: 3,
    searching,
    calling,
    idle,
    arriving,
    httpConcurrency: 8,
    progress: (line) => console.log(`  ${line}`),
  });
  console.log(
    `  restarts (SIGTERM to the new one answering): ${
      r.restarts.map((x) => `${x.ms} ms (exit ${x.exitCode})`).join(", ")
    }`,
  );
  console.log(
    `  HTTP: ${r.http.requests} answered, ${r.http.status5xx} 5xx, ${r.http.status4xx} 4xx, ` +
      `${r.http.failed} without an answer${r.http.errors.length ? `: ${r.http.errors[0]}` : ""}`,
  );
  console.log(`  searches lost: ${r.searchesLost}; calls ended: ${r.callsEnded}`);
  console.log(`  members left searching among those who pressed Start: ${r.arrivalsUnmatched}`);
  console.log(
    `  members who saw more than a reconnecting notice: ${r.sawMore}; reconnects: ` +
      `${r.reconnects} (${r.membersReconnected} members)`,
  );
  for (const line of r.seen) console.log(`    ${line}`);
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--members");
  await benchRollingDeploy(at >= 0 ? Number(Deno.args[at + 1]) : 200);
}
