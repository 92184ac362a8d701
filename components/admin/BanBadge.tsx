// The ban in force on a member, in both admin user tables: 'Banned until {date}' in the viewer's
// time zone (UTC on the server), or 'Banned permanently'; the reason on hover.
import type { AdminUser } from "../../lib/shared/admin.ts";
import { banText } from "./labels.ts";

export function BanBadge({ ban, timeZone }: { ban: AdminUser["ban"]; timeZone?: string }) {
  if (!ban) return null;
  return (
    <span class="badge admin-warn admin-ban" title={ban.reason}>
      {banText(ban, timeZone)}
    </span>
  );
}
