// Gives memory the allocator holds but no longer uses back to the operating system. After a
// wave of sockets closes, V8's heap shrinks on its own, but the native side (socket buffers,
// connection state) is freed into glibc's malloc, which keeps most of it mapped: the process
// stays ~80 % above its baseline for good. glibc's malloc_trim(0) releases those free pages.
// Reached through FFI where the runtime allows it (Linux with glibc, --allow-ffi); elsewhere it
// does nothing.

type Trim = () => Promise<boolean>;
let trim: Trim | null | undefined;

/**
 * Releases free native memory to the OS, on a thread of its own (a trim of a large heap takes
 * tens of milliseconds, which the event loop must not wait for); false where that is not
 * possible here.
 */
export function trimNativeMemory(): Promise<boolean> {
  if (trim === undefined) trim = openTrim();
  return trim ? trim() : Promise.resolve(false);
}

function openTrim(): Trim | null {
  if (Deno.build.os !== "linux") return null;
  try {
    const libc = Deno.dlopen("libc.so.6", {
      malloc_trim: { parameters: ["usize"], result: "i32", nonblocking: true },
    });
    return async () => {
      await libc.symbols.malloc_trim(0n); // 1 if pages went back, 0 if there were none to give
      return true;
    };
  } catch {
    return null; // not glibc, or no FFI permission
  }
}
