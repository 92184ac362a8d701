// The columns of /admin/users' members table: the username with the admin, ban and hold badges, email
// verified Yes or No, and a read-only Face Blur switch (set by the member in their privacy
// settings).
import { Tooltip } from "../Tooltip.tsx";
import type { AdminUser } from "../../lib/shared/admin.ts";
import { BanBadge, HoldBadge } from "./BanBadge.tsx";
import { createdColumn, EMAIL_COLUMN, ID_COLUMN, type UserColumn } from "./UsersTable.tsx";
import { t } from "./labels.ts";

const faceBlur = (u: AdminUser) => (
  <input
    type="checkbox"
    class="admin-readonly-switch"
    checked={u.faceBlurEnabled}
    disabled
    aria-label={t(u.faceBlurEnabled ? "faceBlurOn" : "faceBlurOff", { username: u.username })}
  />
);

export const USER_COLUMNS: readonly UserColumn[] = [
  ID_COLUMN,
  {
    name: "colUsername",
    class: "admin-username",
    cell: (u, zone) => (
      <>
        {u.username}
        {u.role === "admin" && <span class="badge badge-accent admin-role">{t("roleAdmin")}</span>}
        <BanBadge ban={u.ban} timeZone={zone} />
        <HoldBadge user={u} />
      </>
    ),
  },
  EMAIL_COLUMN,
  {
    name: "colEmailVerified",
    cell: (u) => (
      <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
        {u.emailVerified ? t("yes") : t("no")}
      </span>
    ),
  },
  createdColumn("colCreatedAt"),
  { name: "colLocation", cell: (u) => u.location || "—" },
  {
    name: "colFaceBlur",
    head: () => <Tooltip text={t("faceBlurHelp")}>{t("colFaceBlur")}</Tooltip>,
    cell: faceBlur,
  },
];
