// /direct-admin's Users tab: the title with the total and Refresh, then the members table (or
// 'Loading users...' before the first page, or 'No users found.'), then how many are shown and
// Load more. The list and the actions are lib/client/admin/'s hooks.
import type { UsersList } from "../../lib/client/admin/use_users.ts";
import type { DirectUserActions } from "../../lib/client/admin/use_direct_admin.ts";
import { ListFooter } from "./ListFooter.tsx";
import { DIRECT_USER_COLUMNS } from "./DirectUserColumns.tsx";
import { UsersTable } from "./UsersTable.tsx";
import { t } from "./labels.ts";

export function DirectUsers({ list, actions, zone, meId }: {
  list: UsersList;
  actions: DirectUserActions;
  zone: string | undefined;
  meId: string;
}) {
  const page = list.page;
  return (
    <>
      <div class="card-head">
        <div>
          <h2 class="card-title">{t("usersTitle")}</h2>
          {page && <p class="muted">{t("totalUsers", { count: page.total })}</p>}
        </div>
        <button
          type="button"
          class="button button-secondary button-small"
          onClick={() => list.reload()}
          disabled={list.loading}
        >
          {t("refresh")}
        </button>
      </div>
      {!page
        ? list.loading && <p class="notice" role="status">{t("loadingUsers")}</p>
        : page.users.length === 0
        ? <p class="admin-empty">{t("noUsersDirect")}</p>
        : (
          <UsersTable
            columns={DIRECT_USER_COLUMNS}
            list={list}
            actions={actions}
            zone={zone}
            meId={meId}
            wrapClass="admin-table-wrap"
          />
        )}
      {page && (
        <ListFooter
          page={page}
          searched=""
          loadingMore={list.loadingMore}
          onMore={list.loadMore}
        />
      )}
    </>
  );
}
