// The button under a paged admin list that asks for the next page ('Loading more...' meanwhile).
import { ADMIN_TEXT } from "../../shared/admin.ts";

export function LoadMore({ busy, onMore }: { busy: boolean; onMore(): void }) {
  return (
    <button type="button" class="button button-secondary" onClick={onMore} disabled={busy}>
      {busy ? ADMIN_TEXT.loadingMore : ADMIN_TEXT.loadMore}
    </button>
  );
}
