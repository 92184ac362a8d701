import { withLivePair, waitLive } from "./tests/helpers/live_browser.ts";
const TRACE = `(() => {
  const t0 = performance.timeOrigin;
  window.__trace = [];
  const mark = (what) => window.__trace.push([Math.round(performance.now()), what]);
  const Orig = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Orig {
    constructor(...a) { super(...a); mark("pc new");
      this.addEventListener("icecandidate", (e) => mark("cand " + (e.candidate ? e.candidate.candidate.split(" ").slice(4,8).join(" ") : "end")));
      this.addEventListener("iceconnectionstatechange", () => mark("ice " + this.iceConnectionState));
      this.addEventListener("connectionstatechange", () => mark("conn " + this.connectionState));
      this.addEventListener("icegatheringstatechange", () => mark("gather " + this.iceGatheringState));
    }
    async setLocalDescription(d) { mark("setLocal start"); const r = await super.setLocalDescription(d); mark("setLocal " + this.localDescription.type); return r; }
    async setRemoteDescription(d) { mark("setRemote start"); const r = await super.setRemoteDescription(d); mark("setRemote " + d.type); return r; }
  };
  const OS = window.WebSocket;
  window.WebSocket = class extends OS { constructor(...a) { super(...a);
    this.addEventListener("message", (e) => { try { const m = JSON.parse(e.data); mark("ws< " + m.type + (m.signal ? ":" + m.signal.type : "")); } catch {} });
    const send = this.send.bind(this); this.send = (d) => { try { const m = JSON.parse(d); mark("ws> " + m.type + (m.signal ? ":" + m.signal.type : "")); } catch {} send(d); };
  } };
})();`;
await withLivePair({ MATCH_DURATION_MS: "60000" }, async ({ a, b }) => {
  await a.context().addInitScript({ content: TRACE });
  await b.context().addInitScript({ content: TRACE });
  for (let i = 0; i < 2; i++) {
    await Promise.all([a.goto("/connecting"), b.goto("/connecting")]);
    await Promise.all([waitLive(a), waitLive(b)]);
    for (const p of [a, b]) {
      const tr = await p.evaluate(() => (globalThis as any).__trace);
      const found = tr.find((x: any) => x[1] === "ws< match_found")?.[0] ?? 0;
      console.log("----", p === a ? "A" : "B");
      for (const [t, w] of tr) if (!w.startsWith("ws< reaction")) console.log(String(t - found).padStart(6), w);
    }
    await a.getByRole("button", { name: "End Session" }).click();
    await new Promise((r) => setTimeout(r, 1500));
  }
}, { tier: "vip" });
