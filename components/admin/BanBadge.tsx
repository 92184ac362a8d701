// The ban in force on a member, in both admin user tables: 'Banned until {date}' in the viewer's
// time zone (UTC on the server), or 'Banned permanently'; the reason on hover. And 'On hold' for
// a member on a safety hold (a ban, which ends the hold, shows instead).
import type { AdminUser } from "../../lib/shared/admin.ts";
import { banText, t } from "./labels.ts";

export function BanBadge({ ban, timeZone }: { ban: AdminUser["ban"]; timeZone?: string }) {
  if (!ban) return null;
  return (
    <span class="badge admin-warn admin-ban" title={ban.reason}>
      {banText(ban, timeZone)}
    </span>
  );
}

export function HoldBadge({ user }: { user: AdminUser }) {
  if (!user.heldAt || user.ban) return null;
  return <span class="badge admin-warn admin-ban">{t("held")}</span>;
}
