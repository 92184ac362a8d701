// /profile's place: country and city, and the button that fills them from the device's position.
import type { Account } from "./use_account.ts";

export function LocationFields({ account }: { account: Account }) {
  const { form, locating } = account;
  return (
    <>
      <div class="field-pair">
        <label class="field">
          <span>Country</span>
          <input
            name="country"
            value={form.values.country}
            onInput={(e) => form.edit("country")(e.currentTarget.value)}
            autoComplete="country-name"
          />
        </label>
        <label class="field">
          <span>City</span>
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
        {locating ? "Locating..." : "Use my current location"}
      </button>
      <p class="muted small">
        Your exact position never leaves our server: we keep only the city, the country and an area
        of about 2 km.
      </p>
    </>
  );
}
