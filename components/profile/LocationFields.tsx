// /profile's place: country and city, and the button that fills them from the device's position.
import type { Account } from "./use_account.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export function LocationFields({ account }: { account: Account }) {
  const { form, locating } = account;
  return (
    <>
      <div class="field-pair">
        <label class="field">
          <span>{t("country")}</span>
          <input
            name="country"
            value={form.values.country}
            onInput={(e) => form.edit("country")(e.currentTarget.value)}
            autoComplete="country-name"
          />
        </label>
        <label class="field">
          <span>{t("city")}</span>
          <input
            name="city"
            value={form.values.city}
            onInput={(e) => form.edit("city")(e.currentTarget.value)}
            autoComplete="address-level2"
          />
        </label>
      </div>
      <button
        type="button"
        class="button button-secondary button-small locate-button"
        onClick={account.locate}
        disabled={locating}
      >
        {locating ? t("locating") : t("useMyLocation")}
      </button>
      <p class="muted small">{t("locationNote")}</p>
    </>
  );
}
