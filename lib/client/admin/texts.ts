// The admin namespace's messages for the admin pages' browser state (toasts, banners, refusals).
import { tr } from "../../shared/i18n/messages.ts";
import type admin from "../../shared/i18n/catalog/admin/en.ts";

export const t = tr<typeof admin>("admin");
