import { db } from "#db/client.server.ts";
import { addressLine } from "#domain/format/address.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The places an account has sent from or to before, newest first: the address autocomplete offers
// them before anything is typed.

const placeSelect = {
  fullAddress: true, address: true, city: true, postCode: true, region: true, countryCode: true, companyName: true,
  latitude: true, longitude: true,
} as const;

type PlaceRow = {
  address: string | null; city: string | null; postCode: string | null; region: string | null;
  countryCode: string | null; companyName: string | null; latitude: number | null; longitude: number | null;
};

/** Places the account has used before, one per label, offered first by the address autocomplete. */
export async function recentPlaces(user: CurrentUser, limit = 8) {
  const rows = await db().jobLocation.findMany({
    where: { job: { shipperAccountId: user.accountId }, latitude: { not: null } },
    select: placeSelect,
    orderBy: { id: "desc" },
    take: 50,
  });
  const newestByLabel = new Map<string, PlaceRow>();
  for (const row of rows) {
    const label = addressLine(row, { company: true, country: false });
    if (label && !newestByLabel.has(label)) newestByLabel.set(label, row);
  }
  return [...newestByLabel].slice(0, limit).map(([label, row]) => suggestionOf(label, row));
}

/** A stored place as the address autocomplete offers it. */
function suggestionOf(label: string, row: PlaceRow) {
  return {
    label,
    ...(row.companyName ? { name: row.companyName } : {}),
    address: row.address ?? undefined,
    city: row.city ?? undefined,
    post_code: row.postCode ?? undefined,
    region: row.region ?? undefined,
    country_code: row.countryCode ?? undefined,
    latitude: row.latitude ?? undefined,
    longitude: row.longitude ?? undefined,
  };
}
