// What nsfwjs imports as "buffer": it decodes base64 weights with `Buffer.from(s, "base64")
// .toString("binary")`, which is `atob`. The shield loads weights from our server instead, but
// the decoding stays correct rather than missing.
export const Buffer = {
  from(text: string, encoding: string) {
    if (encoding !== "base64") throw new Error(`unsupported encoding ${encoding}`);
    return { toString: () => atob(text) };
  },
};
