// /admin and /admin/users, 'User Management': the first page of members comes with the page, the
// rest on Load more; search by exact or starting username or email (on the server); a read-only
// face-blur column; Delete and Ban behind confirmation dialogs, Unban, and Verify for unverified
// addresses. A row changed by an action shows the server's answer. Below 600 px each member is a
// card (static/css/admin.css), every field labelled by its column.
import { UserActions } from "../components/admin/UserActions.tsx";
import { BanBadge } from "../components/admin/BanBadge.tsx";
import { ListFooter } from "../components/admin/ListFooter.tsx";
import { BanDialogs } from "../components/admin/BanDialog.tsx";
import { useCallback, useState } from "react";
import { apiRequest, errorMessage, postJson } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { ADMIN_TEXT, type AdminUser, formatDay, type UsersPage } from "../shared/admin.ts";
import { accessDenied, isDenied, useViewerTimeZone } from "../client/admin/hooks.ts";
import { useUsersList } from "../client/admin/use_users.ts";
import { banMember, unbanMember } from "../client/admin/ban_client.ts";
import { BAN_TEXT } from "../shared/moderation/bans.ts";
import { ConfirmDialog } from "../components/admin/ConfirmDialog.tsx";
import { Tooltip } from "../components/Tooltip.tsx";

export interface AdminUsersProps {
  /** The first page of members, rendered by the server. */
  initial: UsersPage;
  /** The signed-in administrator, who is offered neither Delete nor Ban on their own row. */
  meId: string;
}

type Dialog = { kind: "delete" | "ban" | "unban"; user: AdminUser };

const COLUMNS = [
  "ID",
  "Username",
  "Email",
  "Email Verified",
  "Created At",
  "Location",
  "Face Blur",
  "Actions",
] as const;

export default function AdminUsers({ initial, meId }: AdminUsersProps) {
  const list = useUsersList("/api/admin/users", initial, (err, more) => {
    if (isDenied(err)) return accessDenied();
    toast({
      title: ADMIN_TEXT.error,
      description: more
        ? ADMIN_TEXT.loadMoreFailed(errorMessage(err))
        : `Failed to fetch users: ${errorMessage(err)}`,
      variant: "destructive",
    });
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogError, setDialogError] = useState("");
  const [busyId, setBusyId] = useState<string | null>(null);
  const zone = useViewerTimeZone();

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
        toast({ title: ADMIN_TEXT.error, description: failed(message), variant: "destructive" });
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
        title: ADMIN_TEXT.userDeleted,
        description: ADMIN_TEXT.userDeletedDescription,
        variant: "success",
      });
    }, ADMIN_TEXT.deleteFailed);

  const verify = (user: AdminUser) =>
    run(user, async () => {
      const answer = await postJson<{ user: AdminUser }>(
        `/api/admin/users/${encodeURIComponent(user.id)}/verify-email`,
      );
      list.replace(answer.user);
      toast({
        title: ADMIN_TEXT.emailVerified,
        description: ADMIN_TEXT.emailVerifiedDescription,
        variant: "success",
      });
    }, ADMIN_TEXT.verifyFailed);

  const ban = (user: AdminUser, reason: string, days: number | undefined) =>
    run(user, async () => {
      const answer = await banMember(user.id, reason, days);
      list.replace(answer.user);
      toast({
        title: BAN_TEXT.banned,
        description: BAN_TEXT.bannedDescription(user.username),
        variant: "success",
      });
    }, ADMIN_TEXT.banFailed);

  const unban = (user: AdminUser) =>
    run(user, async () => {
      const answer = await unbanMember(user.id);
      list.replace(answer.user);
      toast({
        title: BAN_TEXT.unbanned,
        description: BAN_TEXT.unbannedDescription(user.username),
        variant: "success",
      });
    }, ADMIN_TEXT.unbanFailed);

  const closeDialog = useCallback(() => {
    setDialog(null);
    setDialogError("");
  }, []);
  const users = list.page?.users ?? [];

  return (
    <div class="stack">
      <div class="field admin-search">
        <label class="sr-only" for="admin-user-search">{ADMIN_TEXT.searchLabel}</label>
        <input
          id="admin-user-search"
          type="search"
          placeholder={ADMIN_TEXT.searchPlaceholder}
          aria-describedby="admin-user-search-help"
          value={list.query}
          onInput={(e) => list.search(e.currentTarget.value)}
          autoCapitalize="none"
          spellcheck={false}
        />
        <p id="admin-user-search-help" class="muted admin-search-help">
          {ADMIN_TEXT.searchHelp}
        </p>
      </div>
      <div class="admin-table-wrap card">
        <table class="admin-table admin-user-table" aria-busy={list.loading}>
          <caption class="sr-only">Users</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c === "Face Blur"
                    ? (
                      <Tooltip text="Set by the member in their privacy settings; read-only here.">
                        Face Blur
                      </Tooltip>
                    )
                    : c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.length === 0 && (
              <tr class="admin-empty-row">
                <td colSpan={COLUMNS.length} class="admin-empty">{ADMIN_TEXT.noUsers}</td>
              </tr>
            )}
            {users.map((u) => (
              <tr key={u.id} data-user-id={u.id}>
                <td data-label="ID">
                  <code class="admin-id" title={u.id}>{u.id.slice(0, 8)}</code>
                </td>
                <td data-label="Username" class="admin-username">
                  {u.username}
                  {u.role === "admin" && <span class="badge badge-accent admin-role">admin</span>}
                  <BanBadge ban={u.ban} timeZone={zone} />
                </td>
                <td data-label="Email" class="admin-email">{u.email}</td>
                <td data-label="Email Verified">
                  <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
                    {u.emailVerified ? "Yes" : "No"}
                  </span>
                </td>
                <td data-label="Created At">
                  <time dateTime={u.createdAt}>{formatDay(u.createdAt, zone)}</time>
                </td>
                <td data-label="Location">{u.location || "—"}</td>
                <td data-label="Face Blur">
                  <input
                    type="checkbox"
                    class="admin-readonly-switch"
                    checked={u.faceBlurEnabled}
                    disabled
                    aria-label={`Face blur for ${u.username}: ${u.faceBlurEnabled ? "on" : "off"}`}
                  />
                </td>
                <td data-label="Actions" class="admin-actions-cell">
                  <UserActions
                    user={u}
                    busy={busyId === u.id}
                    self={u.id === meId}
                    onVerify={() => verify(u)}
                    onDelete={() => setDialog({ kind: "delete", user: u })}
                    onBan={() => setDialog({ kind: "ban", user: u })}
                    onUnban={() => setDialog({ kind: "unban", user: u })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.page && (
        <ListFooter
          page={list.page}
          searched={list.pageQuery}
          loadingMore={list.loadingMore}
          onMore={list.loadMore}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title={ADMIN_TEXT.deleteTitle}
          description={ADMIN_TEXT.deleteDescription(dialog.user.username)}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={busyId === dialog.user.id}
          onConfirm={() => remove(dialog.user)}
          onCancel={closeDialog}
        />
      )}
      <BanDialogs
        dialog={dialog}
        busy={!!dialog && busyId === dialog.user.id}
        error={dialogError}
        onBan={ban}
        onUnban={unban}
        onCancel={closeDialog}
      />
    </div>
  );
}
