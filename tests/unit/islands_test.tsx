// Islands: the registry matches the islands/ folder, <Island> renders server HTML plus the props
// the browser hydrates with, and a document loads scripts only for the islands it uses.
import { said } from "../../lib/shared/i18n/said.ts";
import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import { ISLANDS } from "../../lib/server/render/islands_registry.ts";
import { collectIslands, Island } from "../../lib/server/render/island.tsx";
import { renderDocument } from "../../lib/server/render/page.tsx";
import {
  ensureBuilt,
  listIslandNames,
  type Manifest,
  readManifest,
  staleReason,
  stopBuilder,
} from "../../lib/server/build/assets.ts";

const ENTITIES: Record<string, string> = {
  "&quot;": '"',
  "&#34;": '"',
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
};

/** Decodes the entities an HTML serializer uses inside an attribute value. */
const decodeAttr = (s: string) => s.replace(/&(quot|#34|#39|lt|gt|amp);/g, (e) => ENTITIES[e]);

/** The value of the first attribute `name` in html, decoded. */
function attr(html: string, name: string): string | undefined {
  const m = html.match(new RegExp(`\\s${name}="([^"]*)"`));
  return m ? decodeAttr(m[1]) : undefined;
}

// A made-up manifest, so document tests do not depend on the current build.
const FAKE_MANIFEST: Manifest = {
  version: 1,
  builtAt: "2026-01-01T00:00:00.000Z",
  css: "/build/app-TEST.css",
  islands: {
    AuthPanel: { file: "/build/AuthPanel-TEST.js", imports: ["/build/chunks/chunk-TEST.js"] },
  },
  islandNames: ["AuthPanel"],
  privacy: {
    detector: "/build/workers/detector-TEST.js",
    compositor: "/build/workers/compositor-TEST.js",
    pageCompositor: "/build/workers/page-compositor-TEST.js",
    clock: "/build/workers/clock-TEST.js",
    cameraSwitch: "/build/workers/camera-switch-TEST.js",
    loader: "/build/models/loader-TEST.js",
    wasm: "/build/models/wasm-TEST.wasm",
    model: "/build/models/model-TEST.tflite",
  },
  shield: {
    classifier: "/build/workers/shield-classifier-TEST.js",
    model: "/build/models/nsfw-TEST/model.json",
    wasm: "/build/models/tfjs-backend-wasm-TEST.wasm",
    wasmSimd: "/build/models/tfjs-backend-wasm-simd-TEST.wasm",
  },
  serviceWorker: "",
  testHooks: true,
  inputs: {},
};

const TRICKY = {
  initialTab: "register" as const,
  signedIn: false,
  invitationCode: `a"b<c>&d'e</script><script>alert(1)</script>`,
  resetToken: "",
};

Deno.test("islands: the registry lists exactly the islands in the islands/ folder", async () => {
  assert.deepEqual(Object.keys(ISLANDS).sort(), await listIslandNames());
});

Deno.test("islands: every registered island is a component", () => {
  for (const [name, component] of Object.entries(ISLANDS)) {
    assert.equal(typeof component, "function", `${name} is not a component`);
  }
});

Deno.test("islands: <Island> renders the island inside a data-island marker with round-tripping props", () => {
  const { result: html, islands } = collectIslands(() =>
    renderToString(<Island name="AuthPanel" props={TRICKY} />)
  );
  assert.deepEqual(islands, ["AuthPanel"]);
  // The whole output is one marker element wrapping the island's own HTML.
  const open = html.match(/^<div((?:\s+[\w-]+="[^"]*")*)>/);
  assert.ok(open, `output does not start with a <div> marker: ${html.slice(0, 80)}`);
  assert.equal(attr(open[1], "data-island"), "AuthPanel");
  assert.equal(attr(open[1], "class"), "island");
  assert.ok(html.endsWith("</div>"));
  assert.match(html, /Join with an invitation/, "the register tab was not server-rendered");
  // The props survive HTML escaping and JSON: what the browser parses equals what was given.
  const props = attr(open[1], "data-props");
  assert.ok(props !== undefined);
  assert.deepEqual(JSON.parse(props), TRICKY);
  // The hostile string never becomes markup.
  assert.ok(!html.includes("<script>"), "an unescaped <script> got into the HTML");
  assert.equal(attr(html, "value"), TRICKY.invitationCode);
});

Deno.test("islands: a render without islands collects none, and nothing leaks into the next render", () => {
  const first = collectIslands(() => renderToString(<p>plain</p>));
  assert.deepEqual(first.islands, []);
  const outside = renderToString(<Island name="AuthPanel" props={TRICKY} />);
  assert.match(outside, /data-island="AuthPanel"/);
  const after = collectIslands(() => renderToString(<p>plain</p>));
  assert.deepEqual(after.islands, []);
});

Deno.test("islands: a document for a page without islands has no script tag", () => {
  const html = renderDocument(FAKE_MANIFEST, {
    title: said("home.titleSimple"),
    path: "/plain",
    user: null,
    body: <p>Nothing interactive here</p>,
  });
  assert.match(html, /^<!doctype html>/i);
  assert.match(html, /Nothing interactive here/);
  assert.ok(!/<script/i.test(html), "a page without islands ships a script");
  assert.ok(!html.includes("modulepreload"), "a page without islands preloads scripts");
  assert.ok(html.includes(`<link rel="stylesheet" href="${FAKE_MANIFEST.css}">`));
});

Deno.test("islands: a document with an island loads one module script per island and the css", () => {
  const html = renderDocument(FAKE_MANIFEST, {
    title: said("home.titleSimple"),
    path: "/twice",
    user: null,
    body: (
      <>
        <Island name="AuthPanel" props={TRICKY} />
        <Island name="AuthPanel" props={{ ...TRICKY, initialTab: "login" }} />
      </>
    ),
  });
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  // One module script, and the messages the island reads (JSON, in the page's language).
  assert.deepEqual(scripts, [
    `<script type="module" src="/build/AuthPanel-TEST.js">`,
    `<script type="application/json" id="messages">`,
  ]);
  const messages = JSON.parse(html.match(/id="messages">([\s\S]*?)<\/script>/)![1]);
  assert.equal(messages.locale, "en");
  assert.deepEqual(Object.keys(messages.messages).sort(), ["auth", "common", "plans"]);
  assert.equal((html.match(/data-island="AuthPanel"/g) ?? []).length, 2);
  assert.ok(html.includes(`<link rel="stylesheet" href="${FAKE_MANIFEST.css}">`));
  assert.ok(html.includes(`<link rel="modulepreload" href="/build/chunks/chunk-TEST.js">`));
  // Scripts load from the head, after the stylesheet.
  assert.ok(html.indexOf("<script") < html.indexOf("</head>"));
  assert.ok(html.indexOf('rel="stylesheet"') < html.indexOf("<script"));
});

Deno.test("islands: the document title is escaped", () => {
  const html = renderDocument(FAKE_MANIFEST, {
    title: said("admin.banTitle", { username: "<b>Tom & Jerry</b>" }),
    path: "/x",
    user: null,
    body: <p>x</p>,
  });
  const title = html.match(/<title>(.*?)<\/title>/)?.[1];
  assert.ok(title !== undefined, "no <title>");
  assert.ok(!title.includes("<"), `title holds markup: ${title}`);
  const shown = title.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&(quot|lt|gt|amp);/g, (e) => ENTITIES[e]);
  assert.equal(shown, "Ban <b>Tom & Jerry</b>? · Glimpse");
});

Deno.test({
  name: "islands: after ensureBuilt the manifest is current and names every island's files",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    try {
      const built = await ensureBuilt();
      const manifest = await readManifest();
      assert.ok(manifest, "no manifest after ensureBuilt");
      assert.equal(await staleReason(manifest), null);
      assert.deepEqual(manifest.islandNames, await listIslandNames());
      assert.deepEqual(Object.keys(manifest.islands).sort(), Object.keys(ISLANDS).sort());
      assert.match(manifest.css, /^\/build\/.+\.css$/);
      for (const [name, island] of Object.entries(manifest.islands)) {
        assert.match(island.file, new RegExp(`^/build/${name}-[A-Za-z0-9]+\\.js$`));
      }
      assert.equal(built.css, manifest.css);
    } finally {
      await stopBuilder();
    }
  },
});

Deno.test("islands: staleReason reports a missing build and a changed set of islands", async () => {
  assert.equal(await staleReason(null), "no build yet");
  assert.equal(
    await staleReason({ ...FAKE_MANIFEST, islandNames: ["NoSuchIsland"] }),
    "the set of islands changed",
  );
});

Deno.test("islands: a build with test hooks is stale for production, one without for tests", async () => {
  const names = await listIslandNames();
  const hooks = { ...FAKE_MANIFEST, islandNames: names, testHooks: true };
  assert.equal(await staleReason(hooks, false), "the build has test hooks");
  assert.equal(
    await staleReason({ ...hooks, testHooks: false }, true),
    "test hooks are wanted",
  );
  // The hooks match: staleness is decided by the files (the made-up ones are missing).
  assert.match(String(await staleReason(hooks, true)), /is missing$/);
});
