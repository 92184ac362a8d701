// Session description munging for HD members: libwebrtc starts a new connection's bandwidth
// estimate at 300 kbps whatever the sender's maxBitrate, so an HD picture begins at 320x180 and
// reaches 1280x720 only after 10-20 s. Its SDP-level fmtp parameter x-google-start-bitrate (kbps)
// seeds the estimate instead (as LiveKit's client SDKs do); the sender reads it from the video
// codecs of the description it applies (see PeerLink in peer.ts and docs/live-flow.md).
import { MEDIA_PROFILES, type MediaProfile } from "../shared/constants.ts";

/** The share of the profile's bitrate cap the estimate starts at. */
export const START_BITRATE_SHARE = 0.9;

/** Codecs of a video section that are not pictures of their own (retransmission, FEC). */
const NOT_A_PICTURE = new Set(["rtx", "red", "ulpfec", "flexfec-03"]);

/**
 * The start bitrate (kbps) a sender within `profile` announces: 0.9x its cap for a profile
 * above SD, none (null) for SD and below, whose description stays as the browser made it.
 */
export function startBitrateKbps(profile: MediaProfile | null): number | null {
  if (!profile || profile.maxBitrateKbps <= MEDIA_PROFILES.sd.maxBitrateKbps) return null;
  return Math.round(profile.maxBitrateKbps * START_BITRATE_SHARE);
}

/**
 * `sdp` with `params` (name → value) on the fmtp line of every video codec of every m=video
 * section: an existing parameter of that name takes the new value, a codec without an fmtp line
 * (VP8) gets one after its rtpmap line. Retransmission and FEC payloads, audio and data sections,
 * and every other line (fingerprints, ICE, candidates) are left as they are; the line ending is
 * kept. Applying it twice gives the same description.
 */
export function withVideoFmtp(sdp: string, params: Record<string, number>): string {
  const names = Object.keys(params);
  if (!names.length) return sdp;
  const eol = sdp.includes("\r\n") ? "\r\n" : "\n";
  const lines = sdp.split(eol);
  // Sections: the session part, then one per m= line.
  const sections: string[][] = [[]];
  for (const line of lines) {
    if (line.startsWith("m=")) sections.push([]);
    sections[sections.length - 1].push(line);
  }
  const out: string[] = [];
  for (const section of sections) {
    if (!section[0]?.startsWith("m=video ")) {
      out.push(...section);
      continue;
    }
    const codec = new Map<string, string>();
    const hasFmtp = new Set<string>();
    for (const line of section) {
      const rtpmap = line.match(/^a=rtpmap:(\d+) ([^/\s]+)/);
      if (rtpmap) codec.set(rtpmap[1], rtpmap[2].toLowerCase());
      const fmtp = line.match(/^a=fmtp:(\d+) /);
      if (fmtp) hasFmtp.add(fmtp[1]);
    }
    const picture = (pt: string) => codec.has(pt) && !NOT_A_PICTURE.has(codec.get(pt)!);
    for (const line of section) {
      const fmtp = line.match(/^a=fmtp:(\d+) (.*)$/);
      if (fmtp && picture(fmtp[1])) {
        out.push(`a=fmtp:${fmtp[1]} ${setParams(fmtp[2], params)}`);
        continue;
      }
      out.push(line);
      const rtpmap = line.match(/^a=rtpmap:(\d+) /);
      if (rtpmap && picture(rtpmap[1]) && !hasFmtp.has(rtpmap[1])) {
        out.push(`a=fmtp:${rtpmap[1]} ${setParams("", params)}`);
      }
    }
  }
  return out.join(eol);
}

/** 'a=1;b=2' with each of `params` set (replaced where present, else appended in order). */
function setParams(list: string, params: Record<string, number>): string {
  const parts = list.trim() ? list.trim().split(";").map((p) => p.trim()).filter(Boolean) : [];
  for (const [name, value] of Object.entries(params)) {
    const i = parts.findIndex((p) => p.split("=")[0].trim().toLowerCase() === name.toLowerCase());
    if (i >= 0) parts[i] = `${name}=${value}`;
    else parts.push(`${name}=${value}`);
  }
  return parts.join(";");
}

/**
 * A description as this member's browser should apply it: for an HD member, every video codec
 * starts its bandwidth estimate at 0.9x the profile's cap; for anyone else, `sdp` unchanged.
 */
export function tuneForProfile(sdp: string, profile: MediaProfile | null): string {
  const kbps = startBitrateKbps(profile);
  return kbps === null ? sdp : withVideoFmtp(sdp, { "x-google-start-bitrate": kbps });
}
