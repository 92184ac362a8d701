import { useState } from "react";
import { apiRequest } from "../lib/client/api.ts";
import { useForm } from "../lib/client/form.ts";
import type { IpRelay } from "../lib/shared/profile.ts";
import type { PublicUser } from "../lib/shared/auth/types.ts";
import { useAccount } from "../components/profile/use_account.ts";
import { AccountForm } from "../components/profile/AccountForm.tsx";
import { AvatarEditor } from "../components/profile/AvatarEditor.tsx";
import { PASSWORD_VALUES, PasswordForm } from "../components/profile/PasswordForm.tsx";
import { PrivacySwitches } from "../components/profile/PrivacySwitches.tsx";
import { DeleteAccount } from "../components/profile/DeleteAccount.tsx";
import { Devices } from "../components/profile/Devices.tsx";
import type { DeviceView } from "../lib/shared/devices.ts";
import { Passkeys } from "../components/profile/Passkeys.tsx";
import type { PasskeysAnswer } from "../lib/shared/auth/passkeys.ts";
import type { AppealState } from "../lib/shared/moderation/appeals.ts";
import { HoldNotice } from "../components/profile/HoldNotice.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type common from "../lib/shared/i18n/catalog/common/en.ts";
import type profile from "../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");
const tc = tr<typeof common>("common");

export interface ProfilePageProps {
  user: PublicUser;
  /** Whether this site has a relay to hide members' IP addresses behind, and its default. */
  ipRelay: IpRelay;
  /** The member's signed-in sessions when the page was made (the list refreshes after a change). */
  devices: DeviceView[];
  /** The member's passkeys, and whether they have a password. */
  passkeys: PasskeysAnswer;
  /** On a safety hold: the notice and the member's appeal of it (null otherwise). */
  appeal?: AppealState | null;
}

type Tab = "profile" | "privacy";

/** /profile: two tabs over the member's record. Every form's state lives here, so it outlives a
 * switch to the other tab. */
export default function ProfilePage(
  { user: initial, ipRelay, devices, passkeys: initialPasskeys, appeal }: ProfilePageProps,
) {
  const [tab, setTab] = useState<Tab>("profile");
  const [user, setUser] = useState(initial);
  const [avatar, setAvatar] = useState<string | null>(initial.avatarUrl);
  const account = useAccount(initial, user, setUser, patch);
  const password = useForm(PASSWORD_VALUES, (field) => `pw-${field}`);
  const [passkeys, setPasskeys] = useState(initialPasskeys);

  async function patch(body: Record<string, unknown>) {
    const { message, ...next } = await apiRequest<PublicUser & { message?: string }>(
      "PATCH",
      "/api/user/profile",
      body,
    );
    setUser(next);
    return { next, message };
  }

  return (
    <div class="profile">
      {appeal && <HoldNotice appeal={appeal} />}
      <div class="tabs" role="tablist" aria-label={t("sections")}>
        <button
          type="button"
          role="tab"
          id="tab-profile"
          aria-selected={tab === "profile"}
          aria-controls="panel-profile"
          class="tab"
          onClick={() => setTab("profile")}
        >
          {t("tabProfile")}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-privacy"
          aria-selected={tab === "privacy"}
          aria-controls="panel-privacy"
          class="tab"
          onClick={() => setTab("privacy")}
        >
          {t("tabPrivacy")}
        </button>
      </div>

      {tab === "profile" && (
        <section id="panel-profile" role="tabpanel" aria-labelledby="tab-profile" class="card">
          <AvatarEditor user={user} avatar={avatar} setAvatar={setAvatar} />
          <AccountForm account={account} user={user} />
        </section>
      )}

      {tab === "privacy" && (
        <section id="panel-privacy" role="tabpanel" aria-labelledby="tab-privacy" class="stack">
          <PrivacySwitches user={user} setUser={setUser} patch={patch} ipRelay={ipRelay} />
          {passkeys.hasPassword
            ? <PasswordForm form={password} />
            : <p class="card muted">{t("noPasswordNote")}</p>}
          <Passkeys state={passkeys} setState={setPasskeys} />
          <Devices initial={devices} />
          <DeleteAccount />
          <p class="legal-links">
            <a href="/terms-of-service">{tc("terms")}</a> ·{" "}
            <a href="/privacy-policy">{tc("privacy")}</a>
          </p>
        </section>
      )}
    </div>
  );
}
