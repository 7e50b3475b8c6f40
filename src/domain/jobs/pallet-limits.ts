// Maximum pallets per vehicle, and which pallet quantities the form offers. The server refuses quantities above
// these limits; the pallet-quantity controller hides and disables the options above them.

export const PALLET_TYPES = ["eu", "standard", "eu_double", "standard_double", "other"] as const;
export type PalletType = (typeof PALLET_TYPES)[number];

export const MAX_PALLETS = { eu: 33, standard: 26, eu_double: 66, standard_double: 52 } as const;
export const DEFAULT_MAX_PALLETS = 64;

/** The posted quantity field of each pallet type: quantity_eu … quantity_other. */
export const QUANTITY_FIELDS = Object.fromEntries(PALLET_TYPES.map((type) => [type, `quantity_${type}`])) as { [T in PalletType]: `quantity_${T}` };
export type QuantityField = (typeof QUANTITY_FIELDS)[PalletType];

export function isPalletType(value: unknown): value is PalletType {
  return PALLET_TYPES.some((type) => type === value);
}

/** Whether this pallet type has a maximum of its own (every known type but 'other'). */
const hasOwnMaximum = (type: string | null | undefined): boolean =>
  Boolean(type) && Object.hasOwn(MAX_PALLETS, type as string);

/** Most pallets of this type one vehicle takes; 64 for 'other' and for any type we do not know. */
export function maxPalletsFor(type: string | null | undefined): number {
  return hasOwnMaximum(type) ? MAX_PALLETS[type as keyof typeof MAX_PALLETS] : DEFAULT_MAX_PALLETS;
}

/**
 * Whether option `n` of a quantity select stays enabled and visible for `palletType`.
 * Options above the type's maximum are disabled and hidden; 0 means "none" and is always allowed.
 */
export function isQuantityOptionAllowed(palletType: string | null | undefined, n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= maxPalletsFor(palletType);
}

/**
 * Whose maximum a pallet type's quantity select follows: its own; the 'other' select follows the
 * chosen pallet type when that has no maximum of its own (none chosen yet: 'other').
 */
export function quantityLimitType(ownType: string, chosenType: string | null | undefined): string {
  return ownType === "other" && !hasOwnMaximum(chosenType) ? chosenType || "other" : ownType;
}

/** The options a quantity select renders before any are hidden: 1 … the largest maximum of any type. */
export const QUANTITY_OPTION_CEILING = Math.max(DEFAULT_MAX_PALLETS, ...Object.values(MAX_PALLETS));
