// /profile's privacy switches: each change is saved at once, and put back when the save fails.
// Hiding the IP address is the member's choice, else the site's default (or not offered at all).
import { toast } from "../../lib/client/toast.ts";
import { PushOptIn } from "../PushOptIn.tsx";
import type { PublicUser } from "../../lib/shared/auth/types.ts";
import { hidesIpAddress, type IpRelay } from "../../lib/shared/profile.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";
import type { PatchProfile } from "./use_account.ts";

const t = tr<typeof profile>("profile");

type PrivacyKey =
  | "faceBlurEnabled"
  | "safetyShieldEnabled"
  | "hideIpAddress"
  | "hideExactLocation"
  | "notificationsEnabled";

type Key = keyof typeof profile;

/** Each switch's label and help (keys of the profile messages). */
const PRIVACY_SWITCHES: { key: PrivacyKey; label: Key; help: Key }[] = [
  { key: "faceBlurEnabled", label: "faceBlur", help: "faceBlurHelp" },
  { key: "safetyShieldEnabled", label: "safetyShield", help: "safetyShieldHelp" },
  { key: "hideIpAddress", label: "hideIp", help: "hideIpHelp" },
  { key: "hideExactLocation", label: "hideLocation", help: "hideLocationHelp" },
  { key: "notificationsEnabled", label: "notifications", help: "notificationsHelp" },
];

export interface PrivacySwitchesProps {
  user: PublicUser;
  setUser(user: PublicUser): void;
  patch: PatchProfile;
  /** Whether this site has a relay to hide members' IP addresses behind, and its default. */
  ipRelay: IpRelay;
}

export function PrivacySwitches({ user, setUser, patch, ipRelay }: PrivacySwitchesProps) {
  /** A switch as it is: hiding the IP address is the member's choice, else the site's default. */
  const isOn = (key: PrivacyKey) =>
    key === "hideIpAddress" ? hidesIpAddress(user.hideIpAddress, ipRelay) : user[key];

  async function toggle(key: PrivacyKey) {
    const value = !isOn(key);
    const before = user[key];
    setUser({ ...user, [key]: value });
    try {
      await patch({ [key]: value });
      toast({ title: t("profileUpdated"), variant: "success" });
    } catch {
      setUser({ ...user, [key]: before });
      toast({ title: t("updateFailed"), variant: "destructive" });
    }
  }

  return (
    <div class="card">
      <h2 class="card-title">{t("privacy")}</h2>
      <ul class="switch-list">
        {PRIVACY_SWITCHES.map((s) => (
          <li key={s.key} class="switch-row">
            <div>
              <p class="switch-label" id={`label-${s.key}`}>{t(s.label)}</p>
              <p class="muted switch-help" id={`help-${s.key}`}>
                {t(
                  s.key !== "hideIpAddress"
                    ? s.help
                    : ipRelay.always
                    ? "hideIpAlways"
                    : ipRelay.available
                    ? s.help
                    : "hideIpUnavailable",
                )}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              class="switch"
              aria-checked={isOn(s.key)}
              aria-labelledby={`label-${s.key}`}
              aria-describedby={`help-${s.key}`}
              disabled={s.key === "hideIpAddress" && (ipRelay.always || !ipRelay.available)}
              onClick={() => toggle(s.key)}
            >
              <span class="switch-thumb" />
            </button>
          </li>
        ))}
      </ul>
      {user.notificationsEnabled && <PushOptIn />}
    </div>
  );
}
