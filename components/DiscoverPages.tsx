// The bodies of /hashtags and /map-discovery: the page's heading, then its island, which the route
// renders (the heading's text is read while the page renders, so it is in the page's language).
import type { ComponentChildren } from "preact";
import { WorldMapShapes } from "./WorldMapShapes.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export function HashtagsPage({ children }: { children: ComponentChildren }) {
  return (
    <div class="narrow">
      <h1 class="page-title">{t("yourHashtags")}</h1>
      {children}
    </div>
  );
}

export interface MapPageProps {
  /** The land's SVG paths by continent (lib/server/geo/world_map.ts). */
  paths: Record<string, string>;
  /** The discovery island over the land. */
  children: ComponentChildren;
}

export function MapPage({ paths, children }: MapPageProps) {
  return (
    <div class="map-page">
      <h1 class="page-title">{t("titleMap")}</h1>
      <WorldMapShapes paths={paths} />
      {children}
    </div>
  );
}
