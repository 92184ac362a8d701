// The discovery map's land, one path per continent, drawn once in the page as SVG definitions.
// The map island shows them with <use href="#map-{region}">, so the path data (tens of KB) is
// neither repeated in the island's props nor shipped in its script.
import { REGIONS } from "../lib/shared/filters.ts";

export interface WorldMapShapesProps {
  /** SVG path data by continent name (lib/server/geo/world_map.ts). */
  paths: Record<string, string>;
}

export function WorldMapShapes({ paths }: WorldMapShapesProps) {
  return (
    <svg class="map-defs" aria-hidden="true" focusable="false" width="0" height="0">
      <defs>
        {REGIONS.map((r) => (
          <path
            key={r.id}
            id={`map-${r.id}`}
            d={paths[r.continent]}
            vector-effect="non-scaling-stroke"
          />
        ))}
      </defs>
    </svg>
  );
}
