// The bodies of /profile and /filters: the page's heading, then its island (the heading's text is
// read while the page renders, so it is in the page's language).
import { Island } from "../../lib/server/render/island.tsx";
import type { ProfilePageProps } from "../../islands/ProfilePage.tsx";
import type { FiltersEditorProps } from "../../islands/FiltersEditor.tsx";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export function ProfileScreen(props: ProfilePageProps) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("yourProfile")}</h1>
      <Island name="ProfilePage" props={props} />
    </div>
  );
}

export function FiltersScreen(props: FiltersEditorProps) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("filtersTitle")}</h1>
      <Island name="FiltersEditor" props={props} />
    </div>
  );
}
