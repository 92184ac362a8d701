// Asks the device for its position (low accuracy, 10 s time-out, a cached fix up to 5 minutes
// old) and hands it to the server, which names the place offline and keeps only a coarse cell.
import { postJson, statusOf } from "./api.ts";
import { type Said, said } from "../shared/i18n/said.ts";

export interface NamedLocation {
  city: string;
  country: string;
  continent: string | null;
  location: string;
}

/** Why the device could not be located: `reason`, a message the page says in its language. */
export class LocationError extends Error {
  constructor(readonly reason: Said) {
    super(reason.name);
    this.name = "LocationError";
  }
}

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new LocationError(said("profile.geoUnsupported")));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, (err) => {
      reject(
        new LocationError(
          err.code === err.PERMISSION_DENIED
            ? said("profile.geoDenied")
            : err.code === err.POSITION_UNAVAILABLE
            ? said("profile.geoUnavailable")
            : err.code === err.TIMEOUT
            ? said("profile.geoTimeout")
            : said("profile.geoFailed"),
        ),
      );
    }, { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 });
  });
}

/** Locates the member; throws a LocationError saying why not. */
export async function locateMe(): Promise<NamedLocation> {
  const pos = await position();
  try {
    return await postJson<NamedLocation>("/api/location", {
      latitude: pos.coords.latitude,
      longitude: pos.coords.longitude,
    });
  } catch (err) {
    throw new LocationError(
      statusOf(err) === 422 ? said("profile.geoNoNames") : said("profile.geoNamesFailed"),
    );
  }
}
