// /admin and /admin/users, 'User Management': search, the members' table with a read-only
// face-blur column, Delete behind a confirmation dialog and Verify for unverified addresses; the
// list is fetched again after every action.
import { UserActions } from "../components/admin/UserActions.tsx";
import { useCallback, useState } from "react";
import { apiRequest, errorMessage, getJson, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { ADMIN_TEXT, type AdminUser, formatDay, userMatches } from "../lib/admin/shared.ts";
import { accessDenied, isDenied, useViewerTimeZone } from "../lib/admin/hooks.ts";
import { ConfirmDialog } from "../components/admin/ConfirmDialog.tsx";
import { Tooltip } from "../components/Tooltip.tsx";

export interface AdminUsersProps {
  users: AdminUser[];
  /** The signed-in administrator, who cannot delete their own account here. */
  meId: string;
}

export default function AdminUsers({ users: initial, meId }: AdminUsersProps) {
  const [users, setUsers] = useState(initial);
  const [query, setQuery] = useState("");
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const zone = useViewerTimeZone();

  async function refresh() {
    try {
      setUsers(await getJson<AdminUser[]>("/api/admin/users"));
    } catch (err) {
      if (isDenied(err)) accessDenied();
      else {
        toast({
          title: ADMIN_TEXT.error,
          description: `Failed to fetch users: ${errorMessage(err)}`,
          variant: "destructive",
        });
      }
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const user = toDelete;
    setBusyId(user.id);
    try {
      await apiRequest("DELETE", `/api/admin/users/${encodeURIComponent(user.id)}`);
      toast({
        title: ADMIN_TEXT.userDeleted,
        description: ADMIN_TEXT.userDeletedDescription,
        variant: "success",
      });
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      toast({
        title: ADMIN_TEXT.error,
        description: ADMIN_TEXT.deleteFailed(errorMessage(err)),
        variant: "destructive",
      });
    } finally {
      setBusyId(null);
      setToDelete(null);
    }
    await refresh();
  }

  async function verify(user: AdminUser) {
    setBusyId(user.id);
    try {
      await postJson(`/api/admin/users/${encodeURIComponent(user.id)}/verify-email`);
      toast({
        title: ADMIN_TEXT.emailVerified,
        description: ADMIN_TEXT.emailVerifiedDescription,
        variant: "success",
      });
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      toast({
        title: ADMIN_TEXT.error,
        description: ADMIN_TEXT.verifyFailed(errorMessage(err)),
        variant: "destructive",
      });
    } finally {
      setBusyId(null);
    }
    await refresh();
  }

  const cancelDelete = useCallback(() => setToDelete(null), []);
  const shown = users.filter((u) => userMatches(u, query));

  return (
    <div class="stack">
      <label class="field admin-search">
        <span class="sr-only">Search users</span>
        <input
          type="search"
          placeholder="Search by username or email"
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value)}
          autoCapitalize="none"
        />
      </label>
      <div class="admin-table-wrap card">
        <table class="admin-table">
          <caption class="sr-only">Users</caption>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Email Verified</th>
              <th scope="col">Created At</th>
              <th scope="col">Location</th>
              <th scope="col">
                <Tooltip text="Set by the member in their privacy settings; read-only here.">
                  Face Blur
                </Tooltip>
              </th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={8} class="admin-empty">{ADMIN_TEXT.noUsers}</td>
              </tr>
            )}
            {shown.map((u) => (
              <tr key={u.id} data-user-id={u.id}>
                <td>
                  <code class="admin-id" title={u.id}>{u.id.slice(0, 8)}</code>
                </td>
                <td>
                  {u.username}
                  {u.role === "admin" && <span class="badge badge-accent admin-role">admin</span>}
                </td>
                <td class="admin-email">{u.email}</td>
                <td>
                  <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
                    {u.emailVerified ? "Yes" : "No"}
                  </span>
                </td>
                <td>
                  <time dateTime={u.createdAt}>{formatDay(u.createdAt, zone)}</time>
                </td>
                <td>{u.location || "—"}</td>
                <td>
                  <input
                    type="checkbox"
                    class="admin-readonly-switch"
                    checked={u.faceBlurEnabled}
                    disabled
                    aria-label={`Face blur for ${u.username}: ${u.faceBlurEnabled ? "on" : "off"}`}
                  />
                </td>
                <td>
                  <UserActions
                    user={u}
                    busy={busyId === u.id}
                    self={u.id === meId}
                    onVerify={() => verify(u)}
                    onDelete={() => setToDelete(u)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {toDelete && (
        <ConfirmDialog
          title={ADMIN_TEXT.deleteTitle}
          description={ADMIN_TEXT.deleteDescription(toDelete.username)}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={busyId === toDelete.id}
          onConfirm={confirmDelete}
          onCancel={cancelDelete}
        />
      )}
    </div>
  );
}
