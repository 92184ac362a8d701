// The bodies of /profile and /filters: the page's heading, then its island, which the route
// renders (the heading's text is read while the page renders, so it is in the page's language).
import type { ComponentChildren } from "preact";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export function ProfileScreen({ children }: { children: ComponentChildren }) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("yourProfile")}</h1>
      {children}
    </div>
  );
}

export function FiltersScreen({ children }: { children: ComponentChildren }) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("filtersTitle")}</h1>
      {children}
    </div>
  );
}
