// /profile's danger zone: deleting the account, once confirmed.
import { apiRequest } from "../../lib/client/api.ts";
import { toast } from "../../lib/client/toast.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";

const t = tr<typeof profile>("profile");

export function DeleteAccount() {
  async function onDelete() {
    if (!confirm(t("deleteConfirm"))) return;
    try {
      await apiRequest("DELETE", "/api/delete-account");
      location.assign("/");
    } catch {
      toast({ title: t("deleteFailed"), variant: "destructive" });
    }
  }

  return (
    <div class="card danger-zone">
      <h2 class="card-title">{t("deleteAccount")}</h2>
      <p class="muted">{t("deleteNote")}</p>
      <button type="button" class="button button-danger" onClick={onDelete}>
        {t("deleteAccount")}
      </button>
    </div>
  );
}
