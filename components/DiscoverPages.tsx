// The bodies of /hashtags and /map-discovery: the page's heading, then its island (the heading's
// text is read while the page renders, so it is in the page's language).
import { Island } from "../lib/server/render/island.tsx";
import { WorldMapShapes } from "./WorldMapShapes.tsx";
import type { RegionSummary } from "../lib/shared/geo/types.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export function HashtagsPage({ selected }: { selected: string[] }) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("yourHashtags")}</h1>
      <Island name="HashtagBrowser" props={{ selected }} />
    </div>
  );
}

export interface MapPageProps {
  /** The land (lib/server/geo/world_map.ts). */
  map: { paths: Record<string, string>; viewBox: string };
  regions: RegionSummary[];
  myHashtags: string[];
}

export function MapPage({ map, regions, myHashtags }: MapPageProps) {
  return (
    <div class="map-page">
      <h1 class="page-title">{t("titleMap")}</h1>
      <WorldMapShapes paths={map.paths} />
      <Island name="MapDiscovery" props={{ regions, myHashtags, viewBox: map.viewBox }} />
    </div>
  );
}
