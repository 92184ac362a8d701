// The frame of a legal page: its title, when it was last updated and, on a translated page, that
// the English version prevails (English pages show nothing more).
import type { ComponentChildren } from "preact";
import { currentLocale, formatDate, tr } from "../../lib/shared/i18n/messages.ts";
import type legal from "../../lib/shared/i18n/catalog/legal/en.ts";

const t = tr<typeof legal>("legal");

/** When both legal texts last changed, as the English pages print it. */
export const LEGAL_UPDATED = "26 November 2026";
const LEGAL_UPDATED_ON = Date.UTC(2026, 10, 26);

export function LegalArticle({ title, children }: { title: string; children: ComponentChildren }) {
  const english = currentLocale() === "en";
  const date = english
    ? LEGAL_UPDATED
    : formatDate(LEGAL_UPDATED_ON, { dateStyle: "long", timeZone: "UTC" });
  return (
    <article class="legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <p class="muted">{t("lastUpdated", { date })}</p>
      {!english && <p class="muted">{t("translationNotice")}</p>}
      {children}
    </article>
  );
}
