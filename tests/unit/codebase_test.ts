// Rules about the code itself, checked on the tree. Every server log line goes through the one
// logger (lib/shared/log.ts), so that each is a JSON line a log shipper can read. The import graph
// (deno info) keeps the boundary the folders name: what the browser loads (islands, workers)
// reaches no lib/server/, kv/ or routes/ module; lib/shared/ imports only lib/shared/, lib/client/ only lib/client/
// and lib/shared/, kv/ only kv/ and lib/shared/; and no module imports itself through others.
import assert from "node:assert/strict";
import ts from "typescript";

import { ROOT, sourceFiles } from "../helpers/source_files.ts";

/** Server code: what runs in the server process (the browser's own code logs to its console). */
function serverFiles(): string[] {
  return ["lib/server", "lib/shared", "kv", "routes"].flatMap((d) => [...sourceFiles(d)])
    .concat("main.ts");
}

Deno.test("server code writes its log lines through the logger, never console.*", () => {
  const offenders: string[] = [];
  for (const file of serverFiles()) {
    if (file === "lib/shared/log.ts") continue; // the console sink itself
    const text = Deno.readTextFileSync(new URL(file, ROOT));
    text.split("\n").forEach((line, i) => {
      if (/\bconsole\.(log|info|warn|error|debug)\(/.test(line)) {
        offenders.push(`${file}:${i + 1}`);
      }
    });
  }
  assert.deepEqual(offenders, []);
});

// ---------- The import graph ----------

const ROOT_URL = ROOT.href;

/** Local module → the local modules it imports (code and type imports alike), for `roots`. */
async function importGraph(roots: string[]): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  const local = (s: string | undefined) =>
    s?.startsWith(ROOT_URL) ? s.slice(ROOT_URL.length) : undefined;
  await Promise.all(roots.map(async (root) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", root],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
      modules: {
        specifier: string;
        dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
      }[];
    };
    for (const m of info.modules) {
      const from = local(m.specifier);
      if (!from) continue;
      const to = graph.get(from) ?? new Set<string>();
      graph.set(from, to);
      for (const d of m.dependencies ?? []) {
        for (const dep of [local(d.code?.specifier), local(d.type?.specifier)]) {
          if (dep) to.add(dep);
        }
      }
    }
  }));
  return graph;
}

const files = (dir: string) => [...sourceFiles(dir)];
/** What the browser loads: the islands, and the workers and service worker the build bundles. */
const BROWSER_ROOTS = [
  ...files("islands"),
  "lib/client/privacy/face_worker.ts",
  "lib/client/privacy/compositor_worker.ts",
  "lib/client/privacy/page_compositor.ts",
  "lib/client/privacy/clock_worker.ts",
  "lib/client/camera_switch.ts",
  "lib/client/shield/classifier_worker.ts",
  "lib/client/sw/service_worker.ts",
];
const SERVER_ONLY = /^(lib\/server|kv|routes)\//;

/** The chain of imports from `from` to `to` (breadth first). */
function chain(graph: Map<string, Set<string>>, from: string, to: string): string[] {
  const seen = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    if (at === to) break;
    for (const next of graph.get(at) ?? []) {
      if (!seen.has(next)) {
        seen.set(next, at);
        queue.push(next);
      }
    }
  }
  const path = [to];
  for (let at = seen.get(to); at; at = seen.get(at)) path.unshift(at);
  return path;
}

Deno.test("the browser's code reaches no server code: no kv/, routes/ or lib/server/ module", async () => {
  for (const root of BROWSER_ROOTS) {
    const graph = await importGraph([root]);
    const reached = [...graph.keys()].filter((m) => SERVER_ONLY.test(m));
    assert.deepEqual(
      reached.map((m) => chain(graph, root, m).join(" → ")),
      [],
      `${root} reaches server-only code`,
    );
  }
});

Deno.test("kv/ imports nothing but lib/shared/ code and other kv/ modules", async () => {
  const graph = await importGraph(files("kv"));
  const wrong: string[] = [];
  for (const [from, to] of graph) {
    if (!from.startsWith("kv/")) continue;
    for (const dep of to) {
      if (!/^(kv|lib\/shared)\//.test(dep)) wrong.push(`${from} → ${dep}`);
    }
  }
  assert.deepEqual(wrong.sort(), []);
});

Deno.test("lib/shared/ imports only lib/shared/; lib/client/ only lib/client/ and lib/shared/", async () => {
  const graph = await importGraph([...files("lib/shared"), ...files("lib/client")]);
  const wrong: string[] = [];
  for (const [from, to] of graph) {
    const allowed = from.startsWith("lib/shared/")
      ? /^lib\/shared\//
      : from.startsWith("lib/client/")
      ? /^lib\/(client|shared)\//
      : null;
    if (!allowed) continue;
    for (const dep of to) if (!allowed.test(dep)) wrong.push(`${from} → ${dep}`);
  }
  assert.deepEqual(wrong.sort(), []);
});

Deno.test("components/ import no server code: no kv/, routes/ or lib/server/ module", async () => {
  const graph = await importGraph(files("components"));
  const wrong: string[] = [];
  for (const [from, to] of graph) {
    if (!from.startsWith("components/")) continue;
    for (const dep of to) if (SERVER_ONLY.test(dep)) wrong.push(`${from} → ${dep}`);
  }
  assert.deepEqual(wrong.sort(), []);
});

Deno.test("no server or route module imports the browser's own code (lib/client/)", async () => {
  const graph = await importGraph(["main.ts", ...files("routes")]);
  const wrong: string[] = [];
  for (const [from, to] of graph) {
    if (!/^(lib\/server|routes|kv)\//.test(from) && from !== "main.ts") continue;
    for (const dep of to) if (dep.startsWith("lib/client/")) wrong.push(`${from} → ${dep}`);
  }
  assert.deepEqual(wrong.sort(), []);
});

// ---------- The layout ----------

/** The top level the design names; supporting folders beside it. */
const TOP_LEVEL = [
  "routes",
  "islands",
  "components",
  "lib",
  "kv",
  "tests",
  "deno.json",
  "main.ts",
  "import_map.json",
  "README.md",
];
const SUPPORTING = ["bench", "scripts", "docs", "deploy", "static", "deno.lock"];

Deno.test("the top level is the design's: code lives in routes, islands, components, lib, kv", () => {
  const tracked = new TextDecoder().decode(
    new Deno.Command("git", { args: ["ls-files"], cwd: ROOT, stdout: "piped" }).outputSync().stdout,
  ).split("\n").filter(Boolean);
  const top = new Set(tracked.map((f) => f.split("/")[0]).filter((f) => !f.startsWith(".")));
  for (const entry of TOP_LEVEL) assert.ok(top.has(entry), `${entry} is missing`);
  const other = [...top].filter((f) => !TOP_LEVEL.includes(f) && !SUPPORTING.includes(f));
  assert.deepEqual(other, []);
  const lib = new Set(tracked.filter((f) => f.startsWith("lib/")).map((f) => f.split("/")[1]));
  assert.deepEqual([...lib].sort(), ["client", "server", "shared"]);
});

/** The strongly connected groups of more than one module (or a module importing itself). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.has(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

Deno.test("no import cycles: the server, every island, worker, script and benchmark", async () => {
  const graph = await importGraph([
    "main.ts",
    ...BROWSER_ROOTS,
    ...files("scripts"),
    ...files("bench"),
  ]);
  assert.ok(graph.size > 300, `the graph has ${graph.size} modules`);
  assert.deepEqual(cycles(graph).map((g) => g.join(" ↔ ")), []);
});

// ---------- Function size ----------

/** The longest a function (a component and a hook included) may be in the browser's code. */
const FUNCTION_LINES_MAX = 100;

Deno.test(`no function over ${FUNCTION_LINES_MAX} lines in islands/, components/ or lib/client/`, () => {
  const long: string[] = [];
  for (const file of ["islands", "components", "lib/client"].flatMap(files)) {
    const text = Deno.readTextFileSync(new URL(file, ROOT));
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const lines = line(node.getEnd()) - line(node.getStart()) + 1;
        if (lines > FUNCTION_LINES_MAX) {
          long.push(`${file}:${line(node.getStart())} (${lines} lines)`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  assert.deepEqual(long, []);
});

// ---------- Module size ----------

/** The longest a source module may be; a longer one is split along a seam a reader would name. */
const MODULE_LINES_MAX = 450;
/** Text rather than code: the message catalogs and the legal pages' texts. */
const TEXT_MODULES = /^(lib\/shared\/i18n\/catalog|components\/legal)\//;

Deno.test(`no source module over ${MODULE_LINES_MAX} lines`, () => {
  const long: string[] = [];
  const all = ["routes", "islands", "components", "lib", "kv"].flatMap(files).concat("main.ts");
  for (const file of all) {
    if (TEXT_MODULES.test(file)) continue;
    const lines = Deno.readTextFileSync(new URL(file, ROOT)).split("\n").length - 1;
    if (lines > MODULE_LINES_MAX) long.push(`${file} (${lines} lines)`);
  }
  assert.deepEqual(long, []);
});

// ---------- The documents ----------

/** README.md and every page under docs/. */
function documents(): string[] {
  return ["README.md", ...markdown("docs")];
}

function markdown(dir: string): string[] {
  const out: string[] = [];
  for (const entry of Deno.readDirSync(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) out.push(...markdown(path));
    else if (entry.name.endsWith(".md")) out.push(path);
  }
  return out.sort();
}

Deno.test("the README is a short map: at most 200 lines, with the two commands", () => {
  const readme = Deno.readTextFileSync(new URL("README.md", ROOT));
  const pin = Deno.readTextFileSync(new URL(".deno-version", ROOT)).trim();
  assert.ok(readme.split("\n").length <= 200, `${readme.split("\n").length} lines`);
  assert.ok(readme.includes(`npx -y deno@${pin} task start`));
  assert.ok(readme.includes(`npx -y deno@${pin} task test`));
});

Deno.test("every file path and relative link in README.md and docs/ exists", () => {
  const missing: string[] = [];
  for (const doc of documents()) {
    const text = Deno.readTextFileSync(new URL(doc, ROOT));
    const dir = doc.includes("/") ? doc.slice(0, doc.lastIndexOf("/") + 1) : "";
    // `lib/server/http/auth.ts` and the like: paths from the repository's root.
    for (
      const [, path] of text.matchAll(/`((?:[a-z_]+\/)+[A-Za-z0-9_.-]+\.(?:ts|tsx|md|css|json))`/g)
    ) {
      if (!exists(path) && !exists(dir + path)) missing.push(`${doc}: ${path}`);
    }
    // [text](other.md#part): relative to the document.
    for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(link)) continue;
      if (!exists(normalize(dir + link))) missing.push(`${doc}: link ${link}`);
    }
  }
  assert.deepEqual(missing, []);
});

Deno.test("no text points at documents outside the repository", () => {
  const outside = /DESIGN\.md|\bSPEC\b|\bthe spec\b/;
  const found: string[] = [];
  const all = [
    ...documents(),
    ...["lib", "kv", "routes", "islands", "components", "scripts"]
      .flatMap(files),
    "main.ts",
  ];
  for (const file of all) {
    Deno.readTextFileSync(new URL(file, ROOT)).split("\n").forEach((line, i) => {
      if (outside.test(line)) found.push(`${file}:${i + 1}`);
    });
  }
  assert.deepEqual(found, []);
});

function exists(path: string): boolean {
  try {
    Deno.statSync(new URL(path, ROOT));
    return true;
  } catch {
    return false;
  }
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}
