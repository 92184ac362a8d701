// The button under a paged admin list that asks for the next page ('Loading more...' meanwhile).
import { t } from "./labels.ts";

export function LoadMore({ busy, onMore }: { busy: boolean; onMore(): void }) {
  return (
    <button type="button" class="button button-secondary" onClick={onMore} disabled={busy}>
      {busy ? t("loadingMore") : t("loadMore")}
    </button>
  );
}
