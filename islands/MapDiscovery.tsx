// /map-discovery: a world map whose continents are shaded by the members online there, one
// button per continent (its name and count over the map; components/map/WorldMap.tsx), and the
// chosen continent's panel (components/map/RegionPanel.tsx): Active Users, its popular hashtags
// (a tap adds one to the member's filters) and 'Connect with {region}', which saves the
// continent as the member's place to meet and starts a search.
import { useState } from "react";
import { errorMessage, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { storeFiltersLocally } from "../lib/client/filters_store.ts";
import { useHashtagChips } from "../lib/client/hashtag_filters.ts";
import type { Filters } from "../lib/shared/filters.ts";
import type { RegionSummary } from "../lib/shared/geo/types.ts";
import { WorldMap } from "../components/map/WorldMap.tsx";
import { RegionPanel } from "../components/map/RegionPanel.tsx";
import { CONTINENT_OF } from "../components/map/region_name.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export interface MapDiscoveryProps {
  regions: RegionSummary[];
  myHashtags: string[];
  /** The viewBox of the map's land (lib/server/geo/world_map.ts). */
  viewBox: string;
}

export default function MapDiscovery({ regions, myHashtags, viewBox }: MapDiscoveryProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chips = useHashtagChips(myHashtags);
  const selected = regions.find((r) => r.id === selectedId) ?? null;

  async function connect(region: RegionSummary) {
    setBusy(true);
    try {
      const saved = await postJson<Filters>("/api/filters", {
        locationPreference: "continent",
        continentPreference: CONTINENT_OF[region.id],
      });
      storeFiltersLocally(saved);
      location.assign("/connecting");
    } catch (err) {
      toast({
        title: t("saveError"),
        description: errorMessage(err, t("saveErrorDescription")),
        variant: "destructive",
      });
      setBusy(false);
    }
  }

  const total = regions.reduce((n, r) => n + r.users, 0);
  return (
    <div class="map-layout">
      <div class="stack">
        {total === 0 && <p class="notice" role="note">{t("nobodyOnline")}</p>}
        <WorldMap
          regions={regions}
          selectedId={selectedId}
          viewBox={viewBox}
          onSelect={setSelectedId}
        />
      </div>

      <div class="stack">
        {selected
          ? <RegionPanel region={selected} chips={chips} busy={busy} onConnect={connect} />
          : <p class="muted center">{t("pickRegion")}</p>}

        <a class="button button-secondary" href="/filters">{t("advancedFilters")}</a>
      </div>
    </div>
  );
}
