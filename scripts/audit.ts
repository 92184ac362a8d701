// `deno task audit [--only text] [--role guest|newcomer|member|admin]... [--lighthouse v]`: runs
// Lighthouse (mobile: its default phone, throttling and CPU slowdown) on every page and prints a
// table of the performance and accessibility scores, with the figures behind a performance score
// under 95 and the failing checks behind an accessibility score under 100. It starts its own
// server on an in-memory KV seeded as for the screenshots (tests/helpers/site.ts); a member's or
// administrator's pages are opened with their session cookie. Guests, newcomers and members are
// audited on the pages open to them, administrators on the admin pages. Lighthouse comes from the
// npm registry through npx and drives this machine's Chromium (CHROME_PATH, else the first one
// tests/helpers/browser.ts finds). Exits 1 when a page is under 95 or 100. Not part of
// `deno task test`: the scores depend on how busy the machine is.
import { parseArgs } from "node:util";
import { findChromium } from "../tests/helpers/browser.ts";
import { SESSION_COOKIE } from "../tests/helpers/accounts.ts";
import { pagesFor, type Role, ROLES, seedSite, type SitePage } from "../tests/helpers/site.ts";

const MIN_PERFORMANCE = 95;
const MIN_ACCESSIBILITY = 100;

const { values } = parseArgs({
  args: Deno.args,
  options: {
    only: { type: "string" },
    role: { type: "string", multiple: true },
    lighthouse: { type: "string", default: "13.5.0" },
  },
});
const roles = (values.role ?? [...ROLES]) as Role[];
for (const r of roles) if (!ROLES.includes(r)) throw new Error(`--role ${r}: not a role`);

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
].join(" ");

/** The pages `role` is audited on (a page that needs a step in it, e.g. a tab, is left out). */
function auditedPages(role: Role): SitePage[] {
  return pagesFor(role).filter((p) =>
    !p.before && !p.after && p.name.includes(values.only ?? "") &&
    (role !== "admin" || p.path.startsWith("/admin") || p.path === "/direct-admin")
  );
}

interface Row {
  page: string;
  role: Role;
  performance: number | null;
  accessibility: number | null;
  /** Not audited, for a reason the notes give (not a failure). */
  skipped?: boolean;
  notes: string;
}

// deno-lint-ignore no-explicit-any
type Report = any;

function npx(args: string[]): Deno.Command {
  return new Deno.Command("npx", {
    args: ["-y", `lighthouse@${values.lighthouse}`, ...args],
    env: { CHROME_PATH: findChromium() },
    stdout: "piped",
    stderr: "piped",
  });
}

/** One Lighthouse run; a run that failed to trace the load is tried once more. */
async function lighthouse(url: string, session: string | null): Promise<Report> {
  const args = [
    url,
    "--quiet",
    "--output=json",
    "--output-path=stdout",
    "--only-categories=performance,accessibility",
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  if (session) {
    args.push(`--extra-headers=${JSON.stringify({ Cookie: `${SESSION_COOKIE}=${session}` })}`);
  }
  let last = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    const out = await npx(args).output();
    const text = new TextDecoder().decode(out.stdout);
    if (out.success && text.trim().startsWith("{")) {
      const report = JSON.parse(text);
      if (!report.runtimeError) return report;
      last = `${report.runtimeError.code}: ${report.runtimeError.message}`;
    } else {
      // npm's own warnings (e.g. about this machine's npmrc) are not Lighthouse's result.
      last = new TextDecoder().decode(out.stderr).trim().split("\n")
        .filter((l) => !l.startsWith("npm warn")).slice(-3).join(" ");
    }
  }
  throw new Error(last);
}

const score = (report: Report, category: string): number | null => {
  const s = report.categories?.[category]?.score;
  return typeof s === "number" ? Math.round(s * 100) : null;
};

/** What lies behind a low score: the load figures, or the accessibility checks that failed. */
function notesOf(report: Report, performance: number | null, accessibility: number | null) {
  const notes: string[] = [];
  const audit = (id: string) => report.audits?.[id]?.displayValue ?? "?";
  if (performance !== null && performance < MIN_PERFORMANCE) {
    notes.push(
      `FCP ${audit("first-contentful-paint")}, LCP ${audit("largest-contentful-paint")}, ` +
        `TBT ${audit("total-blocking-time")}, CLS ${audit("cumulative-layout-shift")}`,
    );
  }
  if (accessibility !== null && accessibility < MIN_ACCESSIBILITY) {
    const refs: { id: string }[] = report.categories.accessibility.auditRefs ?? [];
    const failed = refs.map((r) => r.id).filter((id) => report.audits[id]?.score === 0);
    notes.push(`failing: ${failed.join(", ")}`);
  }
  return notes.join("; ");
}

function table(rows: Row[]): string {
  const head = ["Page", "Role", "Perf", "A11y", "Notes"];
  const cells = rows.map((r) => [
    r.page,
    r.role,
    String(r.performance ?? "-"),
    String(r.accessibility ?? "-"),
    r.notes,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`]
    .concat(cells.map(line)).join("\n");
}

// Lighthouse is fetched (or found in npx's cache) once, before the server starts.
const version = await npx(["--version"]).output();
if (!version.success) {
  console.error(
    `Lighthouse ${values.lighthouse} could not be run through npx:\n` +
      new TextDecoder().decode(version.stderr),
  );
  Deno.exit(2);
}

const started = performance.now();
const site = await seedSite();
const rows: Row[] = [];
try {
  for (const role of roles) {
    for (const p of auditedPages(role)) {
      const url = site.server.url + p.path;
      try {
        const report = await lighthouse(url, site.sessions[role]);
        const [perf, a11y] = [score(report, "performance"), score(report, "accessibility")];
        rows.push({
          page: p.path,
          role,
          performance: perf,
          accessibility: a11y,
          notes: notesOf(report, perf, a11y),
        });
      } catch (err) {
        const message = (err as Error).message;
        // Lighthouse audits no page that responds with an error status (the 404 page, Access Denied);
        // axe checks those in tests/e2e/a11y_test.ts.
        const refused = message.startsWith("ERRORED_DOCUMENT_REQUEST") ||
          /unable to reliably load the page.*\(Status code: [45]\d\d\)/.test(message);
        rows.push({
          page: p.path,
          role,
          performance: null,
          accessibility: null,
          skipped: refused,
          notes: refused
            ? "not audited: Lighthouse audits no page answered with an error status"
            : `Lighthouse failed: ${message}`,
        });
      }
      const r = rows[rows.length - 1];
      console.error(`${r.role} ${r.page}: ${r.performance ?? "-"} / ${r.accessibility ?? "-"}`);
    }
  }
} finally {
  await site.server.close();
}

console.log(table(rows));
const low = rows.filter((r) =>
  !r.skipped &&
  (r.performance === null || r.accessibility === null || r.performance < MIN_PERFORMANCE ||
    r.accessibility < MIN_ACCESSIBILITY)
);
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(
  `${rows.filter((r) => !r.skipped).length} pages audited in ${minutes} min ` +
    `(Lighthouse ${values.lighthouse}, mobile); ` +
    (low.length
      ? `${low.length} under ${MIN_PERFORMANCE} performance or ${MIN_ACCESSIBILITY} accessibility`
      : `every page at ${MIN_PERFORMANCE}+ performance and ${MIN_ACCESSIBILITY} accessibility`),
);
Deno.exit(low.length ? 1 : 0);
