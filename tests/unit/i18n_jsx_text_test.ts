// No user-visible text in islands/ or components/ outside the catalogs: JSX text, the attributes
// a person reads or hears (aria-label, title, placeholder, alt…), and strings a JSX expression
// shows directly (`{ok ? "Saved" : "Failed"}`) must come from t(). Text without a letter
// (numbers, emoji, punctuation) and the brand's name are fine.
import assert from "node:assert/strict";
import ts from "typescript";

const ROOTS = ["islands", "components"];
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
]);
/** Words that are the same in every language: the brand and the product's own terms. */
const SAME_EVERYWHERE = new Set(["Glimpse", "POV", "VIP", "Premium", "Plus", "HD", "SD", "OK"]);

const hasWords = (text: string) => {
  const words = text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  return words.some((w) => !SAME_EVERYWHERE.has(w));
};

async function files(): Promise<string[]> {
  const out: string[] = [];
  for (const root of ROOTS) {
    const walk = async (dir: string) => {
      for await (const e of Deno.readDir(dir)) {
        const path = `${dir}/${e.name}`;
        if (e.isDirectory) await walk(path);
        else if (path.endsWith(".tsx")) out.push(path);
      }
    };
    await walk(root);
  }
  return out.sort();
}

/** Is `node` shown as it is by the JSX expression it sits in (through ?:, &&, ||, ??, parens)? */
function shownByJsx(node: ts.Node): boolean {
  let child: ts.Node = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (ts.isJsxExpression(p)) {
      // An attribute's value is read only for the attributes a person reads.
      const attr = p.parent;
      if (ts.isJsxAttribute(attr)) return READ_ATTRIBUTES.has(attr.name.getText());
      return true;
    }
    if (ts.isParenthesizedExpression(p)) continue;
    if (ts.isConditionalExpression(p) && child !== p.condition) continue;
    if (
      ts.isBinaryExpression(p) && child === p.right &&
      [
        ts.SyntaxKind.AmpersandAmpersandToken,
        ts.SyntaxKind.BarBarToken,
        ts.SyntaxKind.QuestionQuestionToken,
      ].includes(p.operatorToken.kind)
    ) continue;
    return false;
  }
  return false;
}

export async function textOutsideCatalogs(): Promise<string[]> {
  const found: string[] = [];
  for (const file of await files()) {
    const text = await Deno.readTextFile(file);
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (node: ts.Node, what: string) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(`${file}:${line}: ${what.trim().replace(/\s+/g, " ").slice(0, 60)}`);
    };
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
      if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
        const init = node.initializer;
        if (init && ts.isStringLiteral(init) && hasWords(init.text)) report(node, init.text);
      }
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        hasWords(node.text) && shownByJsx(node)
      ) report(node, node.text);
      if (ts.isTemplateExpression(node) && shownByJsx(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
        if (parts.some(hasWords)) report(node, parts.join("…"));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

Deno.test("no user-visible text in islands/ or components/ outside the catalogs", async () => {
  assert.deepEqual(await textOutsideCatalogs(), []);
});
