// The language switcher (in the footer of every page but the call screens): one button per
// language, each named in its own language, posting to /lang, which remembers the choice in a
// cookie (and, for a signed-in member, in their profile) and comes back to the page. It works
// without a script.
import { currentLocale, tr } from "../lib/shared/i18n/messages.ts";
import { endonym, LOCALES } from "../lib/shared/i18n/locales.ts";
import type common from "../lib/shared/i18n/catalog/common/en.ts";

const t = tr<typeof common>("common");

export function LanguageSwitcher({ path }: { path: string }) {
  const current = currentLocale();
  return (
    <form method="post" action="/lang" class="language-switcher">
      <input type="hidden" name="next" value={path} />
      <fieldset>
        <legend>{t("language")}</legend>
        <div class="language-options">
          {LOCALES.map((locale) => (
            <button
              key={locale}
              type="submit"
              name="lang"
              value={locale}
              lang={locale}
              class="language-option"
              aria-pressed={locale === current ? "true" : "false"}
            >
              {endonym(locale)}
            </button>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
