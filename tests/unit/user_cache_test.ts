import { assertEquals } from "./_assert.ts";
import {
  cachedUser,
  cacheUser,
  clearCachedUser,
  isUsableCachedUser,
} from "../../lib/client/user_cache.ts";

Deno.test("cached user: discarded at start-up without a token or with id 1", () => {
  assertEquals(isUsableCachedUser({ id: "abc", username: "a", token: "t1" }), true);
  assertEquals(isUsableCachedUser({ id: "abc", username: "a", token: "" }), false);
  assertEquals(isUsableCachedUser({ id: "abc", username: "a" }), false);
  assertEquals(isUsableCachedUser({ id: 1, username: "a", token: "t1" }), false);
  assertEquals(isUsableCachedUser({ id: "1", username: "a", token: "t1" }), false);
  assertEquals(isUsableCachedUser(null), false);
});

Deno.test("cached user: stored, read back, and a bad copy is removed", () => {
  clearCachedUser();
  assertEquals(cachedUser(), null);
  cacheUser({ id: "u-1", username: "ana", token: "abcd1234" });
  assertEquals(cachedUser()?.username, "ana");
  localStorage.setItem("glimpse_user", JSON.stringify({ id: 1, username: "x", token: "t" }));
  assertEquals(cachedUser(), null);
  assertEquals(localStorage.getItem("glimpse_user"), null, "the unusable copy is gone");
  clearCachedUser();
});
