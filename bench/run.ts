// `deno task bench`: every benchmark, printing figures.
import { benchAccounts } from "./accounts.ts";

await benchAccounts();
