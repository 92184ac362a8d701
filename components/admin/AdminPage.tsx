// The frame of the /admin pages: the title, the tab strip linking the admin pages, then the
// page's island. A component, so its texts are read while the page renders in its language.
import type { ComponentChildren } from "preact";
import { AdminNav, type AdminSection } from "./AdminNav.tsx";
import { type AdminKey, t } from "./labels.ts";

export function AdminPage(
  { title, current, children }: {
    title: AdminKey;
    current: AdminSection;
    children: ComponentChildren;
  },
) {
  return (
    <div class="admin-page">
      <h1 class="page-title">{t(title)}</h1>
      <AdminNav current={current} />
      {children}
    </div>
  );
}
