// Makes a member and returns a session cookie for them, for scripts that render member pages.
// Returns null until accounts exist.
export function signInCookie(_kv: Deno.Kv): Promise<string | null> {
  return Promise.resolve(null);
}
