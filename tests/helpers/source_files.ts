// The project's TypeScript files under a folder, for tests that check the code itself.

/** The repository's root. */
export const ROOT = new URL("../../", import.meta.url);

/** Every .ts and .tsx file under `dir` (a path from the root), as paths from the root. */
export function* sourceFiles(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}
