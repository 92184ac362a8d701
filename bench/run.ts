// `deno task bench`: every benchmark, printing figures (nothing here passes or fails on time).
// One benchmark alone: `deno run -A bench/<name>.ts`.
import { benchAccounts } from "./accounts.ts";
import { benchHttp } from "./http.ts";
import { benchGeo } from "./geo.ts";
import { benchRealtime } from "./realtime.ts";
import { benchWaiting } from "./waiting.ts";
import { benchHd, benchLive } from "./live.ts";
import { benchBrowsers } from "./browsers.ts";
import { benchBlur } from "./blur.ts";
import { benchBlurCpu } from "./blur_cpu.ts";
import { benchDetectSize } from "./detect_size.ts";
import { benchShield } from "./shield.ts";
import { benchUploads } from "./uploads.ts";
import { benchAdminLists } from "./admin_lists.ts";
import { benchReferrals } from "./referrals.ts";
import { benchStorm } from "./storm.ts";
import { benchSoak } from "./soak.ts";
import { benchRollingDeploy } from "./rolling_deploy.ts";

await benchAccounts();
await benchHttp();
await benchGeo();
await benchRealtime();
benchWaiting();
await benchLive();
await benchHd();
await benchBrowsers();
await benchBlur();
await benchBlurCpu();
await benchDetectSize();
await benchShield();
await benchUploads();
await benchAdminLists();
await benchReferrals();
await benchStorm();
await benchRollingDeploy();
await benchSoak({ minutes: 1 }); // `deno run -A bench/soak.ts --minutes 30` for the real soak
