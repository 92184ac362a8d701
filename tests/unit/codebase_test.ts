// Rules about the code itself, checked on the tree: every server log line goes through the one
// logger (shared/log.ts), so that each is a JSON line a log shipper can read.
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Server code: what runs in the server process (the browser's own code logs to its console). */
function serverFiles(): string[] {
  return ["server", "shared", "kv", "routes"].flatMap((d) => [...sourceFiles(d)])
    .concat("main.ts");
}

Deno.test("server code writes its log lines through the logger, never console.*", () => {
  const offenders: string[] = [];
  for (const file of serverFiles()) {
    if (file === "shared/log.ts") continue; // the console sink itself
    const text = Deno.readTextFileSync(new URL(file, ROOT));
    text.split("\n").forEach((line, i) => {
      if (/\bconsole\.(log|info|warn|error|debug)\(/.test(line)) {
        offenders.push(`${file}:${i + 1}`);
      }
    });
  }
  assert.deepEqual(offenders, []);
});
