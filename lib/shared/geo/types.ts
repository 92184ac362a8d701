// The shapes of places the server keeps and the map shows: a member's coarse cell and a region's
// summary on /map-discovery.

/**
 * The coarse cell kept instead of coordinates: the centre of a 0.02° grid square (about 2 km).
 * 'Nearby' compares cell centres.
 */
export interface Cell {
  lat: number;
  lon: number;
}

export interface RegionSummary {
  id: string;
  name: string;
  x: number;
  y: number;
  users: number;
  hashtags: string[];
}
