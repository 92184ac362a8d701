// Parsing IP address literals: dotted IPv4 into its bytes, IPv6 into its eight groups.

/** Parses dotted IPv4 (four decimal parts of 0-255) into its four bytes, or null. */
export function ipv4Bytes(s: string): number[] | null {
  const parts = s.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return null;
  }
  return parts.map(Number);
}

/** Parses an IPv6 address (`::` compression and a trailing dotted IPv4 allowed) into 8 groups. */
export function ipv6Groups(s: string): number[] | null {
  let text = s;
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".", lastColon)) {
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex(v4[0], v4[1])}:${hex(v4[2], v4[3])}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === "" ? [] : h.split(":"));
  const head = groups(halves[0]), tail = halves.length === 2 ? groups(halves[1]) : [];
  if (![...head, ...tail].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<string>(8 - known).fill("0");
  return [...head, ...zeros, ...tail].map((g) => parseInt(g, 16));
}
