// The members table of both admin user lists (/admin/users and /direct-admin): a row per member
// with the columns the list names (./UserColumns.tsx, ./DirectUserColumns.tsx), then the row's
// actions (./UserActions.tsx). Below 600 px each row is a card, every field labelled by its
// column (data-label, static/css/admin.css).
import type { ComponentChildren } from "preact";
import { type AdminUser, formatDay } from "../../lib/shared/admin.ts";
import type { UsersList } from "../../lib/client/admin/use_users.ts";
import { UserActions, type UserHandlers } from "./UserActions.tsx";
import { type AdminKey, t } from "./labels.ts";

export type { UserHandlers };

export interface UserColumn {
  /** The column's heading and its cells' data-label (its message in the admin catalog). */
  name: AdminKey;
  /** Another heading than the name (a tooltip). */
  head?(): ComponentChildren;
  /** The cells' class. */
  class?: string;
  cell(user: AdminUser, zone: string | undefined): ComponentChildren;
}

export interface UsersTableProps {
  columns: readonly UserColumn[];
  /** The members loaded (lib/client/admin/use_users.ts); loading: a search or a reload is on its way. */
  list: Pick<UsersList, "page" | "loading">;
  /** busyId: the member an action is running for (their buttons wait). */
  actions: { busyId: string | null; handlers: UserHandlers };
  zone: string | undefined;
  /** The signed-in administrator, offered neither Delete nor Ban on their own row. */
  meId: string;
  /** The wrapper's class. */
  wrapClass: string;
  /** A row saying so when there is nobody to show (else the caller says it). */
  empty?: string;
}

/** The ID, Email and creation columns, alike in both lists. */
export const ID_COLUMN: UserColumn = {
  name: "colId",
  cell: (u) => <code class="admin-id" title={u.id}>{u.id.slice(0, 8)}</code>,
};
export const EMAIL_COLUMN: UserColumn = {
  name: "colEmail",
  class: "admin-email",
  cell: (u) => u.email,
};
export const createdColumn = (name: AdminKey): UserColumn => ({
  name,
  cell: (u, zone) => <time dateTime={u.createdAt}>{formatDay(u.createdAt, zone)}</time>,
});

export function UsersTable(
  { columns, list, actions, zone, meId, wrapClass, empty }: UsersTableProps,
) {
  const users = list.page?.users ?? [];
  return (
    <div class={wrapClass}>
      <table class="admin-table admin-user-table" aria-busy={list.loading}>
        <caption class="sr-only">{t("usersCaption")}</caption>
        <thead>
          <tr>
            {columns.map((c) => <th key={c.name} scope="col">{c.head ? c.head() : t(c.name)}</th>)}
            <th scope="col">{t("colActions")}</th>
          </tr>
        </thead>
        <tbody>
          {empty && !users.length && (
            <tr class="admin-empty-row">
              <td colSpan={columns.length + 1} class="admin-empty">{empty}</td>
            </tr>
          )}
          {users.map((u) => (
            <tr key={u.id} data-user-id={u.id}>
              {columns.map((c) => (
                <td key={c.name} data-label={t(c.name)} class={c.class}>{c.cell(u, zone)}</td>
              ))}
              <td data-label={t("colActions")} class="admin-actions-cell">
                <UserActions
                  user={u}
                  busy={actions.busyId === u.id}
                  self={u.id === meId}
                  on={actions.handlers}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
