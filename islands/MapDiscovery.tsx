import { useState } from "react";
import { postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { storeFiltersLocally } from "../lib/client/filters_store.ts";
import { FILTER_TEXT, type Filters, REGIONS } from "../lib/filters.ts";
import type { RegionSummary } from "../lib/geo/private_location.ts";

export interface MapDiscoveryProps {
  regions: RegionSummary[];
  myHashtags: string[];
}

const CONTINENT_OF = Object.fromEntries(REGIONS.map((r) => [r.id, r.continent]));

export default function MapDiscovery({ regions, myHashtags }: MapDiscoveryProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mine, setMine] = useState<string[]>(myHashtags);
  const [busy, setBusy] = useState(false);
  const selected = regions.find((r) => r.id === selectedId) ?? null;

  async function addTag(tag: string) {
    if (mine.includes(tag)) return;
    try {
      const saved = await postJson<Filters>("/api/filters", {
        hashtags: [...mine, tag],
      });
      storeFiltersLocally(saved);
      setMine(saved.hashtags);
      toast({ title: `#${tag} added`, description: FILTER_TEXT.savedDescription });
    } catch {
      toast({
        title: FILTER_TEXT.saveError,
        description: FILTER_TEXT.saveErrorDescription,
        variant: "destructive",
      });
    }
  }

  async function connect(region: RegionSummary) {
    setBusy(true);
    try {
      const saved = await postJson<Filters>("/api/filters", {
        locationPreference: "continent",
        continentPreference: CONTINENT_OF[region.id],
      });
      storeFiltersLocally(saved);
      location.assign("/connecting");
    } catch {
      toast({
        title: FILTER_TEXT.saveError,
        description: FILTER_TEXT.saveErrorDescription,
        variant: "destructive",
      });
      setBusy(false);
    }
  }

  const total = regions.reduce((n, r) => n + r.users, 0);
  return (
    <div class="stack">
      {total === 0 && (
        <p class="notice" role="note">
          Nobody else is online right now. Counts show members active in the last few minutes.
        </p>
      )}
      <div class="world-map" role="group" aria-label="Regions">
        {regions.map((r) => (
          <button
            key={r.id}
            type="button"
            class={`region-pin region-${r.id}`}
            aria-pressed={selectedId === r.id}
            onClick={() => setSelectedId(r.id)}
          >
            <span class="region-name">{r.name}</span>
            <span class="region-count">{r.users} online</span>
          </button>
        ))}
      </div>

      {selected
        ? (
          <section class="card" aria-labelledby="region-title" aria-live="polite">
            <div class="card-head">
              <h2 id="region-title" class="card-title">{selected.name}</h2>
              <span class="badge badge-accent">Active Users: {selected.users}</span>
            </div>
            {selected.hashtags.length > 0
              ? (
                <>
                  <p class="muted">Popular here this week. Tap to add to your filters:</p>
                  <ul class="chip-list">
                    {selected.hashtags.map((t) => (
                      <li key={t}>
                        <button
                          type="button"
                          class="chip chip-button"
                          aria-pressed={mine.includes(t)}
                          onClick={() => addTag(t)}
                        >
                          #{t}
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )
              : (
                <p class="muted">
                  No hashtags were used in {selected.name} in the last 7 days yet.
                </p>
              )}
            <button
              type="button"
              class="button button-primary button-block"
              onClick={() => connect(selected)}
              disabled={busy}
            >
              Connect with {selected.name}
            </button>
          </section>
        )
        : <p class="muted center">Pick a region to see who is around and what they share.</p>}

      <a class="button button-secondary" href="/filters">Advanced Filters</a>
    </div>
  );
}
