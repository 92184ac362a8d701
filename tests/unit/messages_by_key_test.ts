// One way to name a text: code names a message by its catalog key (lib/shared/i18n/said.ts), and
// only the catalogs hold what a member reads. These tests fail when code writes a sentence a member
// would read (an English text where a message's name belongs), when an English table or the old
// lookup by English text comes back, or when the types let a text through where a message belongs.
import assert from "node:assert/strict";
import ts from "typescript";
import { AppError } from "../../lib/server/http/errors.ts";
import { said } from "../../lib/shared/i18n/said.ts";
import type { PageOptions } from "../../lib/server/render/page.tsx";
import type { Flash } from "../../components/Layout.tsx";

import { ROOT, sourceFiles } from "../helpers/source_files.ts";

/** The product's code: what the server runs and what the browser loads. */
function productFiles(): string[] {
  return ["routes", "islands", "components", "lib", "kv"].flatMap((d) => [...sourceFiles(d)])
    .concat("main.ts")
    // Text, not code: the catalogs, and the legal pages (their texts are catalog entries too).
    .filter((f) => !/^lib\/shared\/i18n\/catalog\//.test(f) && !OPERATOR_FILES.has(f));
}

/**
 * Files whose texts only an operator or a script reads, in English on purpose: the metrics
 * endpoint's refusal (a scraper's bearer token) and the metrics' HELP lines.
 */
const OPERATOR_FILES = new Set([
  "routes/metrics.ts",
  "lib/server/observe/process_metrics.ts",
  "lib/server/realtime/metrics.ts",
]);

/**
 * A sentence a member reads: a capital letter, at least four words, and an end (a full stop, a
 * question or exclamation mark, an ellipsis or a colon), with nothing code-like in it.
 */
const SENTENCE = /^[A-Z][a-zA-Z'’]*(?:[ ,][a-zA-Z0-9'’()%-]+){3,}[.!?…:]$/;

/** Calls whose texts are for developers or operators, not members. */
function forDevelopers(node: ts.Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isNewExpression(p) && /Error$/.test(p.expression.getText())) {
      return p.expression.getText() !== "AppError";
    }
    if (ts.isCallExpression(p)) {
      const callee = p.expression.getText();
      // A log line, a test's assertion, a developer's console: not a member's text.
      if (/(^|\.)(log|warn|error|info|debug|fail|assert\w*)$/.test(callee)) return true;
    }
    if (ts.isPropertyAssignment(p) && /^(msg|reason|detail|hint)$/.test(p.name.getText())) {
      return true;
    }
    if (ts.isStatement(p)) break;
  }
  return false;
}

Deno.test("no code writes a sentence a member reads: messages are named by key", () => {
  const found: string[] = [];
  for (const file of productFiles()) {
    const text = Deno.readTextFileSync(new URL(file, ROOT));
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        SENTENCE.test(node.text) && !forDevelopers(node)
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${file}:${line} ${JSON.stringify(node.text)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  assert.deepEqual(found, []);
});

Deno.test("no English table or lookup by English text is left", () => {
  const found: string[] = [];
  for (const file of productFiles()) {
    const text = Deno.readTextFileSync(new URL(file, ROOT));
    text.split("\n").forEach((line, i) => {
      if (
        /\b[A-Z][A-Z_]*_TEXT\b/.test(line) || /\b(localize|localizeFor)\(/.test(line) ||
        /\bsayAny\b/.test(line)
      ) found.push(`${file}:${i + 1} ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});

Deno.test("a refusal, a page's title and a toast take a named message, never a text", () => {
  // The type check (deno task check) holds these: each line below would be accepted if a text
  // could stand where a message belongs, and @ts-expect-error would then fail the check.
  // @ts-expect-error an English sentence is not a message
  const refusal = new AppError(400, "Please fill in all fields");
  // @ts-expect-error an English title is not a message
  const title: PageOptions["title"] = "Page not found";
  // @ts-expect-error an English toast is not a message
  const toast: Flash = { kind: "success", title: "Logged out" };
  // @ts-expect-error a name no catalog has
  const unknown = said("auth.noSuchMessage");
  assert.ok(refusal && title && toast && unknown);
  // A named message is what they take.
  const named = new AppError(400, said("auth.fillAll"));
  assert.equal(named.said?.name, "auth.fillAll");
});
