// What a signed-in member who is not an administrator sees on /admin*: 'Access Denied'.
import { ADMIN_TEXT } from "../../shared/admin.ts";

export function AccessDenied() {
  return (
    <section class="card admin-denied narrow" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title" class="page-title">{ADMIN_TEXT.accessDenied}</h1>
      <p>{ADMIN_TEXT.noPermission}</p>
      <p class="muted">{ADMIN_TEXT.onlyAdmins}</p>
      <a class="button button-secondary" href="/">Go to Discover</a>
    </section>
  );
}
