// A pure function of one string, remembered: what a request header's value parses to (the
// languages of Accept-Language, the encodings of Accept-Encoding) is worked out once per distinct
// value instead of on every request. Browsers send a handful of distinct values; strangers can send
// any, so at most `max` are kept and the memo starts again empty past that.

/** `fn`, remembering up to `max` results by their argument. */
export function memoByString<T>(fn: (value: string) => T, max = 256): (value: string) => T {
  let known = new Map<string, T>();
  return (value) => {
    const hit = known.get(value);
    if (hit !== undefined || known.has(value)) return hit as T;
    const result = fn(value);
    if (known.size >= max) known = new Map();
    known.set(value, result);
    return result;
  };
}
