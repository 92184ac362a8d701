// The browser's calls to ban and unban a member (both admin user tables use them), and to lift a
// safety hold (the reports queue).
import { apiRequest, postJson } from "../api.ts";
import type { AdminUser } from "../../shared/admin.ts";

export interface BanAnswer {
  ok: true;
  user: AdminUser;
  message: string;
}

const banPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}/ban`;

/** Bans a member for `days` (undefined: permanently). */
export const banMember = (id: string, reason: string, days: number | undefined) =>
  postJson<BanAnswer>(banPath(id), days === undefined ? { reason } : { reason, days });

/** Lifts a member's ban. */
export const unbanMember = (id: string) => apiRequest<BanAnswer>("DELETE", banPath(id));

/** Lifts a member's safety hold. */
export const liftHold = (id: string) =>
  apiRequest<BanAnswer>("DELETE", `/api/admin/users/${encodeURIComponent(id)}/hold`);
