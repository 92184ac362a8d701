// The self-hosted binary's entry (`deno task compile` builds dist/glimpse from it), also run by
// `deno task backup` and `deno task restore`:
//   glimpse                  serves the app (main.ts), configured by the environment
//   glimpse backup <file>    writes a consistent snapshot of the KV file at KV_PATH, while it runs
//   glimpse restore <file>   replaces the KV file at KV_PATH with a snapshot (server stopped)
// Only KV_PATH is read for backup and restore (default ./data/glimpse.kv, as the server's).
import { backupKv, KvFileError, restoreKv } from "../kv/backup.ts";

const USAGE = "Usage: glimpse [backup <file> | restore <file>]  (KV_PATH names the KV file)";

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

async function command(args: string[]): Promise<number> {
  const [name, file, ...rest] = args;
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(USAGE);
    return 0;
  }
  if ((name !== "backup" && name !== "restore") || !file || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const kvPath = Deno.env.get("KV_PATH")?.trim() || "./data/glimpse.kv";
  try {
    if (name === "backup") {
      const r = await backupKv(kvPath, file);
      console.log(
        `Backed up ${kvPath} to ${file}: ${r.keys} keys, ${kb(r.bytes)}, in ${r.ms} ms`,
      );
    } else {
      const r = await restoreKv(kvPath, file);
      console.log(`Restored ${kvPath} from ${file}: ${r.keys} keys, ${kb(r.bytes)}`);
      if (r.previous) console.log(`The replaced KV file is kept as ${r.previous}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof KvFileError) {
      console.error(`${name === "backup" ? "Backup" : "Restore"} refused: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

if (Deno.args.length > 0) {
  Deno.exit(await command(Deno.args));
} else {
  await import("../main.ts");
}
