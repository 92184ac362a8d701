// The columns of /direct-admin's members table: a Status cell with Verified or Unverified, the
// admin badge and the ban, and 'Unknown' for a member without a location.
import { ADMIN_TEXT } from "../../shared/admin.ts";
import { BanBadge } from "./BanBadge.tsx";
import { createdColumn, EMAIL_COLUMN, ID_COLUMN, type UserColumn } from "./UsersTable.tsx";

export const DIRECT_USER_COLUMNS: readonly UserColumn[] = [
  ID_COLUMN,
  { name: "Username", class: "admin-username", cell: (u) => u.username },
  EMAIL_COLUMN,
  {
    name: "Status",
    class: "admin-status-cell",
    cell: (u, zone) => (
      <>
        <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
          {u.emailVerified ? "Verified" : "Unverified"}
        </span>
        {u.role === "admin" && <span class="badge badge-accent admin-role">admin</span>}
        <BanBadge ban={u.ban} timeZone={zone} />
      </>
    ),
  },
  createdColumn("Created"),
  { name: "Location", cell: (u) => u.location || ADMIN_TEXT.unknownLocation },
];
