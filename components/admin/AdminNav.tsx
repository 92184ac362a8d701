// The tab strip linking the admin pages: Users, Reports, Appeals, Invitations and Audit log. Links, not
// ARIA tabs: each one loads its own page.
import { type AdminKey, t } from "./labels.ts";

const SECTIONS = [
  { id: "users", href: "/admin/users", label: "navUsers" },
  { id: "reports", href: "/admin/reports", label: "navReports" },
  { id: "appeals", href: "/admin/appeals", label: "navAppeals" },
  { id: "invitations", href: "/admin/invitations", label: "navInvitations" },
  { id: "audit", href: "/admin/audit", label: "navAudit" },
] as const satisfies readonly { id: string; href: string; label: AdminKey }[];

export type AdminSection = (typeof SECTIONS)[number]["id"];

export function AdminNav({ current }: { current: AdminSection }) {
  return (
    <nav class="tabs admin-nav" aria-label={t("adminSections")}>
      {SECTIONS.map((s) => (
        <a
          key={s.id}
          class="tab"
          href={s.href}
          aria-current={s.id === current ? "page" : undefined}
        >
          {t(s.label)}
        </a>
      ))}
    </nav>
  );
}
