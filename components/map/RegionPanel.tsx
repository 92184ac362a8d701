// /map-discovery's panel of the chosen continent: its active members, its popular hashtags (a
// tap adds one to the member's filters) and 'Connect with {region}'. On a phone it opens below
// the map, so it brings itself into view when a continent is chosen.
import { useEffect, useRef } from "react";
import type { RegionSummary } from "../../lib/shared/geo/types.ts";
import type { useHashtagChips } from "../../lib/client/hashtag_filters.ts";
import { HashtagChips } from "../HashtagChips.tsx";
import { regionName } from "./region_name.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type home from "../../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export function RegionPanel(
  { region, chips, busy, onConnect }: {
    region: RegionSummary;
    chips: ReturnType<typeof useHashtagChips>;
    /** Connecting: the button waits. */
    busy: boolean;
    onConnect(region: RegionSummary): void;
  },
) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "nearest" });
  }, [region.id]);
  return (
    <section
      ref={panel}
      class="card region-panel"
      aria-labelledby="region-title"
      aria-live="polite"
    >
      <div class="card-head">
        <h2 id="region-title" class="card-title">{regionName(region)}</h2>
        <span class="badge badge-accent">
          {t("activeUsers", { count: region.users })}
        </span>
      </div>
      {region.hashtags.length > 0
        ? (
          <>
            <p class="muted">{t("popularHere")}</p>
            <HashtagChips
              tags={region.hashtags}
              mine={chips.mine}
              pending={chips.pending}
              onToggle={chips.toggle}
              label={t("popularIn", { name: regionName(region) })}
            />
          </>
        )
        : <p class="muted">{t("noHashtagsIn", { name: regionName(region) })}</p>}
      <button
        type="button"
        class="button button-primary button-block"
        onClick={() => onConnect(region)}
        disabled={busy}
      >
        {t("connectWith", { name: regionName(region) })}
      </button>
    </section>
  );
}
