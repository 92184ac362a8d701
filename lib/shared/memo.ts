// A pure function of one string, remembered: what a request header's value parses to (the
// language of Accept-Language, the encoding of Accept-Encoding) is worked out once per distinct
// value instead of on every request. Browsers send a handful of distinct values, a few dozen
// characters long; strangers can send any, so at most `max` values are kept (the memo starts again
// empty past that) and a value longer than `longest` is worked out each time, never kept: what the
// memo holds stays within max × longest characters.

/** `fn`, remembering up to `max` results by their argument (arguments up to `longest` long). */
export function memoByString<T>(
  fn: (value: string) => T,
  max = 256,
  longest = 256,
): (value: string) => T {
  let known = new Map<string, T>();
  return (value) => {
    if (value.length > longest) return fn(value);
    const hit = known.get(value);
    if (hit !== undefined || known.has(value)) return hit as T;
    const result = fn(value);
    if (known.size >= max) known = new Map();
    known.set(value, result);
    return result;
  };
}
