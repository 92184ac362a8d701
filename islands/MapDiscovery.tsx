// /map-discovery: a world map whose continents are shaded by the members online there, one
// button per continent (its name and count over the map), and the chosen continent's panel:
// Active Users, its popular hashtags (a tap adds one to the member's filters) and 'Connect with
// {region}'. The land itself is drawn once by the page (components/WorldMapShapes.tsx); this
// island places it with <use>.
import { useEffect, useRef, useState } from "react";
import { errorMessage, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { storeFiltersLocally } from "../lib/client/filters_store.ts";
import { useHashtagChips } from "../lib/client/hashtag_filters.ts";
import { HashtagChips } from "../components/HashtagChips.tsx";
import { type Filters, REGIONS } from "../lib/shared/filters.ts";
import { ONLINE_STEPS, onlineStep } from "../lib/shared/geo/map_scale.ts";
import type { RegionSummary } from "../lib/shared/geo/types.ts";
import { continentName } from "../components/continent_name.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export interface MapDiscoveryProps {
  regions: RegionSummary[];
  myHashtags: string[];
  /** The viewBox of the map's land (lib/server/geo/world_map.ts). */
  viewBox: string;
}

const CONTINENT_OF = Object.fromEntries(REGIONS.map((r) => [r.id, r.continent]));

/** A region's name in the page's language (each region is a continent). */
const regionName = (r: RegionSummary) => continentName(CONTINENT_OF[r.id] ?? r.name);

export default function MapDiscovery({ regions, myHashtags, viewBox }: MapDiscoveryProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chips = useHashtagChips(myHashtags);
  const panel = useRef<HTMLElement>(null);
  const selected = regions.find((r) => r.id === selectedId) ?? null;

  // On a phone the panel opens below the map: bring it into view when it is out of sight.
  useEffect(() => {
    if (selectedId) panel.current?.scrollIntoView({ block: "nearest" });
  }, [selectedId]);

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
  // The chosen continent is drawn last, over its outline, so the outline shows only outside it.
  const drawOrder = [
    ...regions.filter((r) => r.id !== selectedId),
    ...(selected ? [selected] : []),
  ];
  return (
    <div class="map-layout">
      <div class="stack">
        {total === 0 && <p class="notice" role="note">{t("nobodyOnline")}</p>}
        <div class="world-map">
          <svg class="world-map-land" viewBox={viewBox} aria-hidden="true" focusable="false">
            {drawOrder.map((r) => (
              <g key={r.id} class={`continent shade-${onlineStep(r.users)}`}>
                {r.id === selectedId && <use href={`#map-${r.id}`} class="continent-outline" />}
                <use href={`#map-${r.id}`} onClick={() => setSelectedId(r.id)} />
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
                onClick={() => setSelectedId(r.id)}
              >
                <span class={`region-dot shade-${onlineStep(r.users)}`} aria-hidden="true" />
                <span class="region-name">{regionName(r)}</span>
                <span class="region-count">{t("regionCount", { count: r.users })}</span>
              </button>
            ))}
          </div>
        </div>
        <MapLegend />
      </div>

      <div class="stack">
        {selected
          ? (
            <section
              ref={panel}
              class="card region-panel"
              aria-labelledby="region-title"
              aria-live="polite"
            >
              <div class="card-head">
                <h2 id="region-title" class="card-title">{regionName(selected)}</h2>
                <span class="badge badge-accent">
                  {t("activeUsers", { count: selected.users })}
                </span>
              </div>
              {selected.hashtags.length > 0
                ? (
                  <>
                    <p class="muted">{t("popularHere")}</p>
                    <HashtagChips
                      tags={selected.hashtags}
                      mine={chips.mine}
                      pending={chips.pending}
                      onToggle={chips.toggle}
                      label={t("popularIn", { name: regionName(selected) })}
                    />
                  </>
                )
                : <p class="muted">{t("noHashtagsIn", { name: regionName(selected) })}</p>}
              <button
                type="button"
                class="button button-primary button-block"
                onClick={() => connect(selected)}
                disabled={busy}
              >
                {t("connectWith", { name: regionName(selected) })}
              </button>
            </section>
          )
          : <p class="muted center">{t("pickRegion")}</p>}

        <a class="button button-secondary" href="/filters">{t("advancedFilters")}</a>
      </div>
    </div>
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
