// Asks the device for its position (low accuracy, 10 s time-out, a cached fix up to 5 minutes
// old) and hands it to the server, which names the place offline and keeps only a coarse cell.
import { postJson, statusOf } from "./api.ts";

export const LOCATION_ERRORS = {
  unsupported: "Geolocation is not supported",
  denied: "Location permission denied",
  unavailable: "Location unavailable",
  timeout: "Location request timed out",
  noNames: "Could not get location names",
  namesFailed: "Failed to get location names",
  failed: "Failed to get location",
} as const;

export interface NamedLocation {
  city: string;
  country: string;
  continent: string | null;
  location: string;
}

export class LocationError extends Error {}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new LocationError(LOCATION_ERRORS.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, (err) => {
      reject(
        new LocationError(
          err.code === err.PERMISSION_DENIED
            ? LOCATION_ERRORS.denied
            : err.code === err.POSITION_UNAVAILABLE
            ? LOCATION_ERRORS.unavailable
            : err.code === err.TIMEOUT
            ? LOCATION_ERRORS.timeout
            : LOCATION_ERRORS.failed,
        ),
      );
    }, { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 });
  });
}

/** Locates the member; throws LocationError with one of LOCATION_ERRORS' texts. */
export async function locateMe(): Promise<NamedLocation> {
  const pos = await position();
  try {
    return await postJson<NamedLocation>("/api/location", {
      latitude: pos.coords.latitude,
      longitude: pos.coords.longitude,
    });
  } catch (err) {
    throw new LocationError(
      statusOf(err) === 422 ? LOCATION_ERRORS.noNames : LOCATION_ERRORS.namesFailed,
    );
  }
}
