// The tab strip linking the admin pages: Users, Reports, Invitations and Audit log. Links, not
// ARIA tabs: each one loads its own page.
const SECTIONS = [
  { id: "users", href: "/admin/users", label: "Users" },
  { id: "reports", href: "/admin/reports", label: "Reports" },
  { id: "invitations", href: "/admin/invitations", label: "Invitations" },
  { id: "audit", href: "/admin/audit", label: "Audit log" },
] as const;

export type AdminSection = (typeof SECTIONS)[number]["id"];

export function AdminNav({ current }: { current: AdminSection }) {
  return (
    <nav class="tabs admin-nav" aria-label="Admin sections">
      {SECTIONS.map((s) => (
        <a
          key={s.id}
          class="tab"
          href={s.href}
          aria-current={s.id === current ? "page" : undefined}
        >
          {s.label}
        </a>
      ))}
    </nav>
  );
}
