// The columns of /admin/users' members table: the username with the admin and ban badges, email
// verified Yes or No, and a read-only Face Blur switch (set by the member in their privacy
// settings).
import { Tooltip } from "../Tooltip.tsx";
import type { AdminUser } from "../../shared/admin.ts";
import { BanBadge } from "./BanBadge.tsx";
import { createdColumn, EMAIL_COLUMN, ID_COLUMN, type UserColumn } from "./UsersTable.tsx";

const faceBlur = (u: AdminUser) => (
  <input
    type="checkbox"
    class="admin-readonly-switch"
    checked={u.faceBlurEnabled}
    disabled
    aria-label={`Face blur for ${u.username}: ${u.faceBlurEnabled ? "on" : "off"}`}
  />
);

export const USER_COLUMNS: readonly UserColumn[] = [
  ID_COLUMN,
  {
    name: "Username",
    class: "admin-username",
    cell: (u, zone) => (
      <>
        {u.username}
        {u.role === "admin" && <span class="badge badge-accent admin-role">admin</span>}
        <BanBadge ban={u.ban} timeZone={zone} />
      </>
    ),
  },
  EMAIL_COLUMN,
  {
    name: "Email Verified",
    cell: (u) => (
      <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
        {u.emailVerified ? "Yes" : "No"}
      </span>
    ),
  },
  createdColumn("Created At"),
  { name: "Location", cell: (u) => u.location || "—" },
  {
    name: "Face Blur",
    head: () => (
      <Tooltip text="Set by the member in their privacy settings; read-only here.">
        Face Blur
      </Tooltip>
    ),
    cell: faceBlur,
  },
];
