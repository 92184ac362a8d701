// /profile's account form: username, email (with the current password when it changes), display
// name, bio, place and language, each checked with the server's own rules. Its state and the save
// live in use_account.ts, kept by the island.
import {
  BIO_MAX_LENGTH,
  charCount,
  checkBio,
  checkDisplayName,
  checkEmail,
  checkUsername,
  DISPLAY_NAME_MAX_LENGTH,
  normalizeUsername,
  RULE_HINT,
  USERNAME_MAX_LENGTH,
} from "../../lib/shared/auth/rules.ts";
import { say } from "../../lib/shared/i18n/said.ts";
import type { PublicUser } from "../../lib/shared/auth/types.ts";
import { languageOptions } from "../../lib/shared/profile.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";
import { FormInput } from "../FormInput.tsx";
import { LocationFields } from "./LocationFields.tsx";
import type { Account } from "./use_account.ts";
import { t as authText } from "../auth/texts.ts";

const t = tr<typeof profile>("profile");

export function AccountForm({ account, user }: { account: Account; user: PublicUser }) {
  const { form, emailChanging, emailNote, saved } = account;
  const { values } = form;
  return (
    <form class="form" onSubmit={account.onSave} noValidate>
      <FormInput
        form={form}
        field="username"
        label={t("username")}
        hint={say(RULE_HINT.username)}
        check={checkUsername}
        count={{ n: charCount(normalizeUsername(values.username)), max: USERNAME_MAX_LENGTH }}
        autoComplete="username"
        autoCapitalize="none"
      />
      <FormInput
        form={form}
        field="email"
        label={t("email")}
        type="email"
        check={checkEmail}
        autoComplete="email"
        autoCapitalize="none"
      />
      {emailChanging && (
        <FormInput
          form={form}
          field="currentPassword"
          label={authText("currentPasswordLabel")}
          name="emailCurrentPassword"
          type="password"
          hint={authText("currentPasswordHelp")}
          autoComplete="current-password"
        />
      )}
      {emailNote && <p class="notice" role="status">{emailNote}</p>}
      <FormInput
        form={form}
        field="displayName"
        label={t("displayName")}
        check={checkDisplayName}
        count={{ n: charCount(values.displayName.trim()), max: DISPLAY_NAME_MAX_LENGTH }}
      />
      <FormInput
        form={form}
        field="bio"
        label={t("bio")}
        rows={3}
        check={checkBio}
        count={{ n: charCount(values.bio.trim()), max: BIO_MAX_LENGTH }}
      />
      <LocationFields account={account} />
      <label class="field">
        <span>{t("language")}</span>
        <select name="language" defaultValue={user.language}>
          {languageOptions().map(({ code, name }) => <option key={code} value={code}>{name}
          </option>)}
        </select>
      </label>
      {form.error && <p class="form-error" role="alert">{form.error}</p>}
      <div class="button-row button-row-start">
        <button class="button button-primary" type="submit" disabled={form.busy}>
          {form.busy ? t("saving") : t("saveProfile")}
        </button>
        {saved && <span class="saved-flag" role="status">{t("saved")}</span>}
      </div>
    </form>
  );
}
