// memoByString: a header value's parse is worked out once, the same answer every time, and no more
// than `max` values, none longer than `longest`, are kept whatever strangers send.
import assert from "node:assert/strict";
import { memoByString } from "../../lib/shared/memo.ts";

Deno.test("memoByString: one call per distinct value, the same answers (null ones too)", () => {
  const calls: string[] = [];
  const f = memoByString((v: string) => {
    calls.push(v);
    return v === "none" ? null : v.length;
  });
  assert.equal(f("abc"), 3);
  assert.equal(f("abc"), 3);
  assert.equal(f("none"), null);
  assert.equal(f("none"), null);
  assert.deepEqual(calls, ["abc", "none"]);
});

Deno.test("memoByString: past `max` values it starts again, and answers stay right", () => {
  let calls = 0;
  const f = memoByString((v: string) => {
    calls++;
    return v.toUpperCase();
  }, 4);
  for (let i = 0; i < 100; i++) assert.equal(f(`v${i}`), `V${i}`);
  assert.equal(calls, 100);
  // The last ones are kept (the memo started again at v96), the first are worked out again.
  assert.equal(f("v99"), "V99");
  assert.equal(calls, 100);
  assert.equal(f("v0"), "V0");
  assert.equal(calls, 101);
});

Deno.test("memoByString: a value longer than `longest` is answered each time and never kept", () => {
  let calls = 0;
  const f = memoByString(
    (v: string) => {
      calls++;
      return v.length;
    },
    256,
    10,
  );
  const long = "x".repeat(11);
  assert.equal(f(long), 11);
  assert.equal(f(long), 11);
  assert.equal(calls, 2);
  assert.equal(f("x".repeat(10)), 10);
  assert.equal(f("x".repeat(10)), 10);
  assert.equal(calls, 3);
});
