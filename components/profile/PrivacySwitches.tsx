// /profile's privacy switches: each change is saved at once, and put back when the save fails.
// Hiding the IP address is the member's choice, else the site's default (or not offered at all).
import { toast } from "../../client/toast.ts";
import { SHIELD_TEXT } from "../../client/shield/policy.ts";
import type { PublicUser } from "../../shared/auth/types.ts";
import { HIDE_IP_TEXT, hidesIpAddress, type IpRelay, PROFILE_TEXT } from "../../shared/profile.ts";
import type { PatchProfile } from "./use_account.ts";

type PrivacyKey =
  | "faceBlurEnabled"
  | "safetyShieldEnabled"
  | "hideIpAddress"
  | "hideExactLocation"
  | "notificationsEnabled";

const PRIVACY_SWITCHES: { key: PrivacyKey; label: string; help: string }[] = [
  {
    key: "faceBlurEnabled",
    label: "Face blur",
    help:
      "Blur, on your device, every face found in the video you send and in your clips. Whenever detection is not ready, the area where faces usually are is pixelated instead. Small, distant, turned-away or partly hidden faces can be missed. When off, your video is sent as filmed.",
  },
  {
    key: "safetyShieldEnabled",
    label: SHIELD_TEXT.setting,
    help: SHIELD_TEXT.settingHelp,
  },
  { key: "hideIpAddress", label: HIDE_IP_TEXT.label, help: HIDE_IP_TEXT.help },
  {
    key: "hideExactLocation",
    label: "Hide exact location",
    help: "Partners see only your country, not your city.",
  },
  {
    key: "notificationsEnabled",
    label: "Notifications",
    help: "Emails about your account and your invitations.",
  },
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
      toast({ title: "Profile updated", variant: "success" });
    } catch {
      setUser({ ...user, [key]: before });
      toast({ title: PROFILE_TEXT.updateFailed, variant: "destructive" });
    }
  }

  return (
    <div class="card">
      <h2 class="card-title">Privacy</h2>
      <ul class="switch-list">
        {PRIVACY_SWITCHES.map((s) => (
          <li key={s.key} class="switch-row">
            <div>
              <p class="switch-label" id={`label-${s.key}`}>{s.label}</p>
              <p class="muted switch-help" id={`help-${s.key}`}>
                {s.key !== "hideIpAddress"
                  ? s.help
                  : ipRelay.always
                  ? HIDE_IP_TEXT.always
                  : ipRelay.available
                  ? s.help
                  : HIDE_IP_TEXT.unavailable}
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
    </div>
  );
}
