// The columns of /direct-admin's members table: a Status cell with Verified or Unverified, the
// admin badge, the ban or the safety hold, and 'Unknown' for a member without a location.
import { BanBadge, HoldBadge } from "./BanBadge.tsx";
import { createdColumn, EMAIL_COLUMN, ID_COLUMN, type UserColumn } from "./UsersTable.tsx";
import { t } from "./labels.ts";

export const DIRECT_USER_COLUMNS: readonly UserColumn[] = [
  ID_COLUMN,
  { name: "colUsername", class: "admin-username", cell: (u) => u.username },
  EMAIL_COLUMN,
  {
    name: "colStatus",
    class: "admin-status-cell",
    cell: (u, zone) => (
      <>
        <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
          {u.emailVerified ? t("verified") : t("unverified")}
        </span>
        {u.role === "admin" && <span class="badge badge-accent admin-role">{t("roleAdmin")}</span>}
        <BanBadge ban={u.ban} timeZone={zone} />
        <HoldBadge user={u} />
      </>
    ),
  },
  createdColumn("colCreated"),
  { name: "colLocation", cell: (u) => u.location || t("unknown") },
];
