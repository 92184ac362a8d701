// Under both admin user tables: how many members are shown, and Load more while more follow.
import type { UsersPage } from "../../lib/shared/admin.ts";
import { t } from "./labels.ts";
import { LoadMore } from "./LoadMore.tsx";

export function ListFooter(
  { page, searched, loadingMore, onMore }: {
    page: UsersPage;
    /** The search the page answers ("" for the newest members). */
    searched: string;
    loadingMore: boolean;
    onMore(): void;
  },
) {
  const n = page.users.length;
  if (n === 0) return null;
  return (
    <div class="admin-list-footer">
      <p class="muted admin-list-count" role="status">
        {!searched
          ? t("shown", { shown: n, count: page.total })
          : page.nextCursor !== null
          ? t("foundMore", { count: n })
          : t("found", { count: n })}
      </p>
      {page.nextCursor && <LoadMore busy={loadingMore} onMore={onMore} />}
    </div>
  );
}
