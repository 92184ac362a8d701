// What the browser tests need from the machine, beside Deno and npm packages: Debian's Chromium
// and its headless shell (or CHROME_PATH for both), Firefox ESR (or FIREFOX_PATH) and Xvfb (a display of its own for a Firefox
// with a window, which has WebGL where headless Firefox has none, and for WebKit's MiniBrowser,
// which has no headless mode), WebKitGTK's WebKitWebDriver (or WEBKIT_DRIVER_PATH), ffmpeg (fake
// cameras from the fixture photos), coturn's turnserver (the relay test and /test-chat's network
// check), iptables and conntrack (the network lab's NAT routers), and libfaketime (Debian's
// faketime), under which the clock-skew test runs instances.
// `deno task test` installs what is missing with apt when it can (as root, or through sudo without
// a password), else stops at once with one line naming the exact command.

export interface SystemTool {
  /** The Debian package that provides it. */
  pkg: string;
  /** Whether it is there. */
  present: () => boolean;
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** Whether `name` is an executable on PATH. */
export function onPath(name: string, path = Deno.env.get("PATH") ?? ""): boolean {
  return path.split(":").filter(Boolean).some((dir) => isFile(`${dir}/${name}`));
}

export const CHROMIUM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/**
 * Debian's chromium-headless-shell: the browser tests run it unless CHROME_PATH names a browser or
 * a test asks for the full one (tests/helpers/browser.ts).
 */
export const HEADLESS_SHELL_PATHS = [
  "/usr/lib/chromium/chromium-headless-shell",
  "/usr/bin/chromium-headless-shell",
];

export const FIREFOX_PATHS = ["/usr/bin/firefox-esr", "/usr/bin/firefox"];

/** Debian's libfaketime (package faketime): LD_PRELOAD it with FAKETIME="-4s" to skew a process. */
export const LIBFAKETIME_PATHS = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
];

/** The libfaketime library on this machine, or null. */
export function libfaketime(env: Record<string, string | undefined> = Deno.env.toObject()) {
  if (env.LIBFAKETIME_PATH) return isFile(env.LIBFAKETIME_PATH) ? env.LIBFAKETIME_PATH : null;
  return LIBFAKETIME_PATHS.find(isFile) ?? null;
}

export function systemTools(env: Record<string, string | undefined> = Deno.env.toObject()) {
  const path = env.PATH ?? "";
  return [
    {
      pkg: "chromium",
      present: () => env.CHROME_PATH ? isFile(env.CHROME_PATH) : CHROMIUM_PATHS.some(isFile),
    },
    {
      pkg: "chromium-headless-shell",
      present: () => Boolean(env.CHROME_PATH) || HEADLESS_SHELL_PATHS.some(isFile),
    },
    {
      pkg: "firefox-esr",
      present: () => env.FIREFOX_PATH ? isFile(env.FIREFOX_PATH) : FIREFOX_PATHS.some(isFile),
    },
    { pkg: "xvfb", present: () => onPath("Xvfb", path) },
    {
      pkg: "webkit2gtk-driver",
      present: () =>
        env.WEBKIT_DRIVER_PATH ? isFile(env.WEBKIT_DRIVER_PATH) : onPath("WebKitWebDriver", path),
    },
    { pkg: "ffmpeg", present: () => onPath("ffmpeg", path) },
    { pkg: "coturn", present: () => onPath("turnserver", path) },
    // The network lab (tests/helpers/netlab.ts): NAT routers and their mappings.
    { pkg: "iptables", present: () => onPath("iptables", path) || isFile("/usr/sbin/iptables") },
    { pkg: "conntrack", present: () => onPath("conntrack", path) || isFile("/usr/sbin/conntrack") },
    { pkg: "faketime", present: () => libfaketime(env) !== null },
  ] satisfies SystemTool[];
}

/** The apt command that installs `pkgs`, with sudo unless run as root. */
export function installCommand(pkgs: string[], root: boolean): string {
  const sudo = root ? "" : "sudo ";
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${pkgs.join(" ")}`;
}

async function succeeds(cmd: string, args: string[], quiet = true): Promise<boolean> {
  try {
    const out = quiet ? "null" : "inherit";
    const { success } = await new Deno.Command(cmd, {
      args,
      stdin: "null",
      stdout: out,
      stderr: out,
      env: { DEBIAN_FRONTEND: "noninteractive" },
    }).output();
    return success;
  } catch {
    return false;
  }
}

/**
 * Makes sure the packages are there: installs them with apt as root or with password-less sudo;
 * returns null when everything is present afterwards, else the one line to show.
 */
export async function ensureSystemDeps(
  log: (line: string) => void,
  env: Record<string, string | undefined> = Deno.env.toObject(),
  root = Deno.uid?.() === 0,
): Promise<string | null> {
  const missingPackages = () => systemTools(env).filter((t) => !t.present()).map((t) => t.pkg);
  const missing = missingPackages();
  if (missing.length === 0) return null;
  const command = installCommand(missing, root);
  const path = env.PATH ?? "";
  const canInstall = onPath("apt-get", path) &&
    (root || (onPath("sudo", path) && await succeeds("sudo", ["-n", "true"])));
  if (!canInstall) {
    return `The tests need ${missing.join(", ")}: run \`${command}\``;
  }
  log(`Installing ${missing.join(", ")} (${command})...`);
  const apt = root ? ["apt-get"] : ["sudo", "-n", "apt-get"];
  const ok = await succeeds(apt[0], [...apt.slice(1), "update", "-qq"], false) &&
    await succeeds(apt[0], [...apt.slice(1), "install", "-y", "-qq", ...missing], false);
  const still = missingPackages();
  if (!ok || still.length) {
    return `Installing ${missing.join(", ")} failed: run \`${installCommand(still, root)}\``;
  }
  return null;
}
