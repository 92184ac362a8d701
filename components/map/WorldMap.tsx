// /map-discovery's map: the continents shaded by the members online there (the land is drawn
// once by the page, components/WorldMapShapes.tsx, and placed here with <use>), one button per
// continent with its name and count, and the legend of the shades.
import type { RegionSummary } from "../../lib/shared/geo/types.ts";
import { ONLINE_STEPS, onlineStep } from "../../lib/shared/geo/map_scale.ts";
import { regionName } from "./region_name.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type home from "../../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export function WorldMap(
  { regions, selectedId, viewBox, onSelect }: {
    regions: RegionSummary[];
    selectedId: string | null;
    /** The viewBox of the map's land (lib/server/geo/world_map.ts). */
    viewBox: string;
    onSelect(id: string): void;
  },
) {
  const selected = regions.find((r) => r.id === selectedId) ?? null;
  // The chosen continent is drawn last, over its outline, so the outline shows only outside it.
  const drawOrder = [
    ...regions.filter((r) => r.id !== selectedId),
    ...(selected ? [selected] : []),
  ];
  return (
    <>
      <div class="world-map">
        <svg class="world-map-land" viewBox={viewBox} aria-hidden="true" focusable="false">
          {drawOrder.map((r) => (
            <g key={r.id} class={`continent shade-${onlineStep(r.users)}`}>
              {r.id === selectedId && <use href={`#map-${r.id}`} class="continent-outline" />}
              <use href={`#map-${r.id}`} onClick={() => onSelect(r.id)} />
            </g>
          ))}
        </svg>
        <div class="region-pins" role="group" aria-label={t("regions")}>
          {regions.map((r) => (
            <button
              key={r.id}
              type="button"
              class={`region-pin region-${r.id}`}
              aria-pressed={selectedId === r.id}
              aria-label={t("regionPin", { name: regionName(r), count: r.users })}
              onClick={() => onSelect(r.id)}
            >
              <span class={`region-dot shade-${onlineStep(r.users)}`} aria-hidden="true" />
              <span class="region-name">{regionName(r)}</span>
              <span class="region-count">{t("regionCount", { count: r.users })}</span>
            </button>
          ))}
        </div>
      </div>
      <MapLegend />
    </>
  );
}

/** What the shades mean: members online per continent. */
function MapLegend() {
  return (
    <div class="map-legend">
      <span class="map-legend-title">{t("membersOnline")}</span>
      <ul class="map-legend-steps">
        {ONLINE_STEPS.map((s, i) => (
          <li key={s.label}>
            <span class={`region-dot shade-${i}`} aria-hidden="true" />
            {i === 0 ? t("legendNone") : s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
