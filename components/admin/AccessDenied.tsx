// What a signed-in member who is not an administrator sees on /admin*: 'Access Denied'.
import { t } from "./labels.ts";

export function AccessDenied() {
  return (
    <section class="card admin-denied narrow" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title" class="page-title">{t("accessDenied")}</h1>
      <p>{t("noPermission")}</p>
      <p class="muted">{t("onlyAdmins")}</p>
      <a class="button button-secondary" href="/">{t("goDiscover")}</a>
    </section>
  );
}
