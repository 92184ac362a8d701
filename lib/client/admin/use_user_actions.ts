// Browser state of /admin/users' row actions: the confirmation open (Delete, Ban, Unban), the
// refusal a ban dialog shows, the member an action runs for, and the actions themselves (each a
// request, then the row as the server answered and a toast). A 401 or 403 leaves the page.
import { useCallback, useState } from "react";
import { apiRequest, errorMessage, postJson } from "../api.ts";
import { toast } from "../toast.ts";
import type { AdminUser } from "../../shared/admin.ts";
import { accessDenied, isDenied } from "./hooks.ts";
import { t } from "./texts.ts";
import { banMember, unbanMember } from "./ban_client.ts";
import type { UsersList } from "./use_users.ts";

export type UserDialog = { kind: "delete" | "ban" | "unban"; user: AdminUser };

export function useUserActions(list: UsersList) {
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const [dialogError, setDialogError] = useState("");
  const [busyId, setBusyId] = useState<string | null>(null);

  /** Runs an action on a member; a refusal the dialog can show stays in it. */
  async function run(
    user: AdminUser,
    action: () => Promise<void>,
    failed: (message: string) => string,
  ) {
    setBusyId(user.id);
    setDialogError("");
    try {
      await action();
      setDialog(null);
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      const message = errorMessage(err);
      if (dialog?.kind === "ban") setDialogError(message);
      else {
        setDialog(null);
        toast({ title: t("error"), description: failed(message), variant: "destructive" });
      }
    } finally {
      setBusyId(null);
    }
  }

  const remove = (user: AdminUser) =>
    run(user, async () => {
      await apiRequest("DELETE", `/api/admin/users/${encodeURIComponent(user.id)}`);
      list.remove(user.id);
      toast({
        title: t("userDeleted"),
        description: t("userDeletedDescription"),
        variant: "success",
      });
    }, (message) => t("deleteFailed", { message }));

  const verify = (user: AdminUser) =>
    run(user, async () => {
      const answer = await postJson<{ user: AdminUser }>(
        `/api/admin/users/${encodeURIComponent(user.id)}/verify-email`,
      );
      list.replace(answer.user);
      toast({
        title: t("emailVerified"),
        description: t("emailVerifiedDescription"),
        variant: "success",
      });
    }, (message) => t("verifyFailed", { message }));

  const ban = (user: AdminUser, reason: string, days: number | undefined) =>
    run(user, async () => {
      const answer = await banMember(user.id, reason, days);
      list.replace(answer.user);
      toast({
        title: t("banned"),
        description: t("bannedDescription", { username: user.username }),
        variant: "success",
      });
    }, (message) => t("banFailed", { message }));

  const unban = (user: AdminUser) =>
    run(user, async () => {
      const answer = await unbanMember(user.id);
      list.replace(answer.user);
      toast({
        title: t("unbanned"),
        description: t("unbannedDescription", { username: user.username }),
        variant: "success",
      });
    }, (message) => t("unbanFailed", { message }));

  const closeDialog = useCallback(() => {
    setDialog(null);
    setDialogError("");
  }, []);

  return {
    dialog,
    dialogError,
    busyId,
    remove,
    ban,
    unban,
    closeDialog,
    /** The table's row actions: Verify at once, the others after their confirmation. */
    handlers: {
      onVerify: verify,
      onDelete: (user: AdminUser) => setDialog({ kind: "delete", user }),
      onBan: (user: AdminUser) => setDialog({ kind: "ban", user }),
      onUnban: (user: AdminUser) => setDialog({ kind: "unban", user }),
    },
  };
}
