// The tab strip linking the two admin pages, Users and Reports. Links, not ARIA tabs: each one
// loads its own page.
const SECTIONS = [
  { id: "users", href: "/admin/users", label: "Users" },
  { id: "reports", href: "/admin/reports", label: "Reports" },
] as const;

export function AdminNav({ current }: { current: "users" | "reports" }) {
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
