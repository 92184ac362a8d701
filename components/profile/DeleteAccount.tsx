// /profile's danger zone: deleting the account, once confirmed.
import { apiRequest } from "../../client/api.ts";
import { toast } from "../../client/toast.ts";
import { PROFILE_TEXT } from "../../shared/profile.ts";

export function DeleteAccount() {
  async function onDelete() {
    if (!confirm(PROFILE_TEXT.deleteConfirm)) return;
    try {
      await apiRequest("DELETE", "/api/delete-account");
      location.assign("/");
    } catch {
      toast({ title: PROFILE_TEXT.deleteFailed, variant: "destructive" });
    }
  }

  return (
    <div class="card danger-zone">
      <h2 class="card-title">Delete account</h2>
      <p class="muted">
        You are signed out everywhere at once and your username and email become free. Your personal
        data is deleted within 30 days.
      </p>
      <button type="button" class="button button-danger" onClick={onDelete}>
        Delete account
      </button>
    </div>
  );
}
