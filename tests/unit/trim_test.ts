// The memory trim after a wave of closed sockets (lib/server/runtime/trim.ts): on Linux with glibc and
// FFI allowed, it reaches malloc_trim (after some native memory was used and freed) and says so;
// where it cannot (another OS) it would say false rather than throw.
import assert from "node:assert/strict";
import { trimNativeMemory } from "../../lib/server/runtime/trim.ts";

Deno.test({
  name: "trimNativeMemory: glibc's malloc_trim is reached on Linux",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    // Native memory used and freed: many small WebSocket-sized buffers through the runtime.
    const file = await Deno.makeTempFile();
    try {
      const chunk = new Uint8Array(64 * 1024).fill(7);
      for (let i = 0; i < 64; i++) await Deno.writeFile(file, chunk, { append: true });
      assert.equal((await Deno.readFile(file)).length, 64 * 64 * 1024);
    } finally {
      await Deno.remove(file);
    }
    assert.equal(await trimNativeMemory(), true);
  },
});
