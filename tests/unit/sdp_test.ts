// The HD start bitrate (lib/client/sdp.ts): an HD member applies the partner's description with
// x-google-start-bitrate (0.9x the profile's cap) on every video codec's fmtp line, so its
// sender's bandwidth estimate starts near the cap instead of libwebrtc's 300 kbps; an SD member's
// description, audio, data and retransmission/FEC payloads stay as they were, applying it twice
// changes nothing more, and the safety code (peer.ts) reads the same fingerprints. Also the
// degradation preference an HD sender gets (peer.ts degradationFor).
import assert from "node:assert/strict";
import { MEDIA_PROFILES } from "../../lib/shared/constants.ts";
import { startBitrateKbps, tuneForProfile, withVideoFmtp } from "../../lib/client/sdp.ts";
import { degradationFor, safetyCode, sdpFingerprint } from "../../lib/client/peer.ts";

/** A Chromium 156 offer (audio, video, data channel), trimmed to one payload per codec. */
const OFFER = [
  "v=0",
  "o=- 5020481353045043071 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0 1 2",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS 8d21bb14-fde1-4763-a075-ed03cf382b43",
  "m=audio 9 UDP/TLS/RTP/SAVPF 111 63 9 0 8 13 110 126",
  "c=IN IP4 0.0.0.0",
  "a=rtcp:9 IN IP4 0.0.0.0",
  "a=ice-ufrag:dShn",
  "a=ice-pwd:G1JydCxkmduHfFab8lbmIctz",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 45:AD:0B:A2:CB:E9:C9:57:3B:BC:E5:D6:F5:B4:5C:B9:44:2D:48:36:78:86:5F:A7:1D:A9:A5:AD:B0:88:D6:0C",
  "a=setup:actpass",
  "a=mid:0",
  "a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level",
  "a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time",
  "a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01",
  "a=extmap:4 urn:ietf:params:rtp-hdrext:sdes:mid",
  "a=sendrecv",
  "a=msid:8d21bb14-fde1-4763-a075-ed03cf382b43 57049b6c-9b9e-4ec9-8244-759839b9209d",
  "a=rtcp-mux",
  "a=rtcp-rsize",
  "a=rtcp-xr:rcvr-rtt=all",
  "a=rtpmap:111 opus/48000/2",
  "a=rtcp-fb:111 transport-cc",
  "a=fmtp:111 minptime=10;useinbandfec=1",
  "a=rtpmap:63 red/48000/2",
  "a=fmtp:63 111/111",
  "a=rtpmap:9 G722/8000",
  "a=rtpmap:0 PCMU/8000",
  "a=rtpmap:8 PCMA/8000",
  "a=rtpmap:13 CN/8000",
  "a=rtpmap:110 telephone-event/48000",
  "a=rtpmap:126 telephone-event/8000",
  "a=ssrc:88067069 cname:3kIKVjHI9RV8UhuQ",
  "a=ssrc:88067069 msid:8d21bb14-fde1-4763-a075-ed03cf382b43 57049b6c-9b9e-4ec9-8244-759839b9209d",
  "m=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 45 46 98 99 118 119 120",
  "c=IN IP4 0.0.0.0",
  "a=rtcp:9 IN IP4 0.0.0.0",
  "a=ice-ufrag:dShn",
  "a=ice-pwd:G1JydCxkmduHfFab8lbmIctz",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 45:AD:0B:A2:CB:E9:C9:57:3B:BC:E5:D6:F5:B4:5C:B9:44:2D:48:36:78:86:5F:A7:1D:A9:A5:AD:B0:88:D6:0C",
  "a=setup:actpass",
  "a=mid:1",
  "a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01",
  "a=extmap:4 urn:ietf:params:rtp-hdrext:sdes:mid",
  "a=sendrecv",
  "a=msid:8d21bb14-fde1-4763-a075-ed03cf382b43 3d077c94-7661-4fa1-83e1-cecbd35744c7",
  "a=rtcp-mux",
  "a=rtcp-rsize",
  "a=rtcp-xr:rcvr-rtt=all",
  "a=rtpmap:96 VP8/90000",
  "a=rtcp-fb:96 transport-cc",
  "a=rtpmap:97 rtx/90000",
  "a=fmtp:97 apt=96",
  "a=rtpmap:102 H264/90000",
  "a=rtcp-fb:102 transport-cc",
  "a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f",
  "a=rtpmap:103 rtx/90000",
  "a=fmtp:103 apt=102",
  "a=rtpmap:45 AV1/90000",
  "a=rtcp-fb:45 transport-cc",
  "a=fmtp:45 level-idx=5;profile=0;tier=0",
  "a=rtpmap:46 rtx/90000",
  "a=fmtp:46 apt=45",
  "a=rtpmap:98 VP9/90000",
  "a=rtcp-fb:98 transport-cc",
  "a=fmtp:98 profile-id=0",
  "a=rtpmap:99 rtx/90000",
  "a=fmtp:99 apt=98",
  "a=rtpmap:118 red/90000",
  "a=rtpmap:119 rtx/90000",
  "a=fmtp:119 apt=118",
  "a=rtpmap:120 ulpfec/90000",
  "a=ssrc-group:FID 741120671 1294989445",
  "a=ssrc:741120671 cname:3kIKVjHI9RV8UhuQ",
  "a=ssrc:741120671 msid:8d21bb14-fde1-4763-a075-ed03cf382b43 3d077c94-7661-4fa1-83e1-cecbd35744c7",
  "a=ssrc:1294989445 cname:3kIKVjHI9RV8UhuQ",
  "a=ssrc:1294989445 msid:8d21bb14-fde1-4763-a075-ed03cf382b43 3d077c94-7661-4fa1-83e1-cecbd35744c7",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 0.0.0.0",
  "a=ice-ufrag:dShn",
  "a=ice-pwd:G1JydCxkmduHfFab8lbmIctz",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 45:AD:0B:A2:CB:E9:C9:57:3B:BC:E5:D6:F5:B4:5C:B9:44:2D:48:36:78:86:5F:A7:1D:A9:A5:AD:B0:88:D6:0C",
  "a=setup:actpass",
  "a=mid:2",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
  "",
  "",
].join("\r\n");

/** The same offer as the partner's side would make it (another certificate). */
const PARTNER = OFFER.replaceAll("45:AD:0B:A2", "11:22:33:44");

const HD = MEDIA_PROFILES.hd, SD = MEDIA_PROFILES.sd;

/** Lines of the section whose m= line starts with `m`. */
function section(sdp: string, m: string): string[] {
  const lines = sdp.split("\r\n");
  const start = lines.findIndex((l) => l.startsWith(m));
  const end = lines.findIndex((l, i) => i > start && l.startsWith("m="));
  return lines.slice(start, end < 0 ? lines.length - 1 : end);
}

Deno.test("start bitrate: 0.9x the HD cap (2250 kbps); none for SD or no profile", () => {
  assert.equal(startBitrateKbps(HD), 2250);
  assert.equal(startBitrateKbps(SD), null);
  assert.equal(startBitrateKbps(null), null);
});

Deno.test("tuneForProfile: HD puts the start bitrate on every video codec's fmtp line", () => {
  const tuned = tuneForProfile(OFFER, HD);
  const video = section(tuned, "m=video");
  // VP8 had no fmtp line: it gets one, right after its rtpmap line.
  const vp8 = video.indexOf("a=rtpmap:96 VP8/90000");
  assert.equal(video[vp8 + 1], "a=fmtp:96 x-google-start-bitrate=2250");
  assert.ok(video.includes(
    "a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f;" +
      "x-google-start-bitrate=2250",
  ));
  assert.ok(video.includes("a=fmtp:45 level-idx=5;profile=0;tier=0;x-google-start-bitrate=2250"));
  assert.ok(video.includes("a=fmtp:98 profile-id=0;x-google-start-bitrate=2250"));
  // Exactly one line per picture codec (VP8, H264, AV1, VP9); rtx, red and ulpfec untouched.
  const withStart = video.filter((l) => l.includes("x-google-start-bitrate"));
  assert.deepEqual(withStart.map((l) => l.match(/^a=fmtp:(\d+) /)?.[1]), ["96", "102", "45", "98"]);
  const original = section(OFFER, "m=video");
  for (const pt of ["97", "103", "46", "99", "119"]) {
    const fmtp = (lines: string[]) => lines.filter((l) => l.startsWith(`a=fmtp:${pt} `));
    assert.deepEqual(fmtp(video), fmtp(original), `rtx ${pt}`);
  }
  assert.ok(!video.some((l) => /^a=fmtp:(118|120) /.test(l)), "red and ulpfec get no fmtp line");
  // Nothing else changes: removing what was added gives the offer back, line for line.
  const back = tuned.replace(/\r\na=fmtp:96 x-google-start-bitrate=2250/, "")
    .replaceAll(";x-google-start-bitrate=2250", "");
  assert.equal(back, OFFER);
  // Audio (its red payload's fmtp included) and the data channel are byte-identical.
  assert.deepEqual(section(tuned, "m=audio"), section(OFFER, "m=audio"));
  assert.deepEqual(section(tuned, "m=application"), section(OFFER, "m=application"));
  assert.ok(tuned.endsWith("\r\n") && !/[^\r]\n/.test(tuned), "CRLF line endings kept");
});

Deno.test("tuneForProfile: an SD member's (or an unknown profile's) description is untouched", () => {
  assert.equal(tuneForProfile(OFFER, SD), OFFER);
  assert.equal(tuneForProfile(OFFER, null), OFFER);
  assert.equal(tuneForProfile(PARTNER, SD), PARTNER);
});

Deno.test("tuneForProfile: idempotent; an existing start bitrate is replaced, not repeated", () => {
  const once = tuneForProfile(OFFER, HD);
  assert.equal(tuneForProfile(once, HD), once);
  const other = withVideoFmtp(OFFER, { "x-google-start-bitrate": 300 });
  assert.equal(tuneForProfile(other, HD), once);
  // Several parameters at once, each set once; LF-only descriptions keep their endings.
  const lf = OFFER.replaceAll("\r\n", "\n");
  const both = withVideoFmtp(lf, { "x-google-start-bitrate": 2250, "x-google-min-bitrate": 500 });
  assert.ok(both.includes("a=fmtp:96 x-google-start-bitrate=2250;x-google-min-bitrate=500\n"));
  assert.ok(!both.includes("\r"));
  assert.equal(withVideoFmtp(OFFER, {}), OFFER);
});

Deno.test("tuneForProfile: the fingerprints and the safety code stay the same", async () => {
  const tuned = tuneForProfile(PARTNER, HD);
  assert.equal(sdpFingerprint(tuned), sdpFingerprint(PARTNER));
  assert.ok(sdpFingerprint(tuned)?.startsWith("11223344"));
  const code = await safetyCode(OFFER, PARTNER);
  assert.ok(code && code.length === 16);
  assert.equal(await safetyCode(OFFER, tuned), code);
  assert.equal(await safetyCode(tuneForProfile(OFFER, HD), tuned), code);
});

Deno.test("degradationFor: an HD sender keeps its size; SD keeps the browser's default", () => {
  assert.equal(degradationFor(HD), "maintain-resolution");
  assert.equal(degradationFor(SD), null);
});
