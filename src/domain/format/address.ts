// One way to write a place on one line, for job pages, load pages, lists and suggestions.

export type AddressParts = {
  fullAddress?: string | null;
  companyName?: string | null;
  address?: string | null;
  city?: string | null;
  postCode?: string | null;
  countryCode?: string | null;
};

/**
 * The address as typed in full, else its parts joined: "Unit 4, Leeds, LS1 4AP, GB". `company` puts
 * the company name first; `country: false` leaves the country code off (lists within one country).
 */
export function addressLine(place: AddressParts, options: { company?: boolean; country?: boolean } = {}): string {
  if (place.fullAddress) return place.fullAddress;
  const parts = [options.company ? place.companyName : null, place.address, place.city, place.postCode, options.country === false ? null : place.countryCode];
  return parts.filter(Boolean).join(", ");
}
