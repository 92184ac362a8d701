// /admin and /admin/users, 'User Management': the first page of members comes with the page, the
// rest on Load more; search by exact or starting username or email (on the server); a read-only
// face-blur column; Delete and Ban behind confirmation dialogs, Unban, and Verify for unverified
// addresses. A row changed by an action shows the server's answer. Below 600 px each member is a
// card (static/css/admin.css), every field labelled by its column.
// The search (lib/client/admin/use_users.ts) and the actions (lib/client/admin/use_user_actions.ts) are
// hooks; the parts are components/admin/.
import { ListFooter } from "../components/admin/ListFooter.tsx";
import { UserSearch } from "../components/admin/UserSearch.tsx";
import { UsersTable } from "../components/admin/UsersTable.tsx";
import { USER_COLUMNS } from "../components/admin/UserColumns.tsx";
import { UserDialogs } from "../components/admin/UserDialogs.tsx";
import { errorMessage } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import type { UsersPage } from "../lib/shared/admin.ts";
import { t } from "../components/admin/labels.ts";
import { accessDenied, isDenied, useViewerTimeZone } from "../lib/client/admin/hooks.ts";
import { useUsersList } from "../lib/client/admin/use_users.ts";
import { useUserActions } from "../lib/client/admin/use_user_actions.ts";

export interface AdminUsersProps {
  /** The first page of members, rendered by the server. */
  initial: UsersPage;
  /** The signed-in administrator, who is offered neither Delete nor Ban on their own row. */
  meId: string;
}

export default function AdminUsers({ initial, meId }: AdminUsersProps) {
  const list = useUsersList("/api/admin/users", initial, (err, more) => {
    if (isDenied(err)) return accessDenied();
    toast({
      title: t("error"),
      description: t(more ? "loadMoreFailed" : "fetchUsersFailed", { message: errorMessage(err) }),
      variant: "destructive",
    });
  });
  const actions = useUserActions(list);
  const zone = useViewerTimeZone();

  return (
    <div class="stack">
      <UserSearch query={list.query} onSearch={list.search} />
      <UsersTable
        columns={USER_COLUMNS}
        list={list}
        actions={actions}
        zone={zone}
        meId={meId}
        wrapClass="admin-table-wrap card"
        empty={t("noUsers")}
      />
      {list.page && (
        <ListFooter
          page={list.page}
          searched={list.pageQuery}
          loadingMore={list.loadingMore}
          onMore={list.loadMore}
        />
      )}
      <UserDialogs
        dialog={actions.dialog}
        busyId={actions.busyId}
        error={actions.dialogError}
        onDelete={actions.remove}
        onBan={actions.ban}
        onUnban={actions.unban}
        onCancel={actions.closeDialog}
      />
    </div>
  );
}
