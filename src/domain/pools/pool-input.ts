import { z } from "zod";

// What the pool forms post: a pool's name (create and rename), a carrier to add (its account id,
// from the search) or an e-mail address to invite, and the carrier search. Messages are keyed by
// the posted name, so each shows beside its field.

/** A name long enough for "Chilled regulars — North West" and short enough for a menu on a phone. */
export const POOL_NAME_MAX = 60;
/** The longest search for a carrier by name (a company name is at most 120, but nobody types that). */
export const CARRIER_SEARCH_MAX = 60;
/** At most this many carriers are offered for one search: the name is to be typed more fully after. */
export const CARRIER_SEARCH_LIMIT = 10;

export const POOL_NAME_MESSAGES = {
  missing: "Enter a name for the pool",
  tooLong: `The pool's name must be ${POOL_NAME_MAX} characters or fewer`,
} as const;
export const MEMBER_MESSAGES = {
  missing: "Choose a carrier to add, or enter an e-mail address to invite",
  email: "Enter an e-mail address like name@company.co.uk",
} as const;

/** Said beside the name when the shipper already has a pool so called (letter case aside). */
export const nameTakenMessage = (name: string) => `You already have a pool called ${name}`;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Collapses runs of spaces, so "Chilled  regulars" and "Chilled regulars" are one name. */
export const tidyName = (value: string) => value.trim().replace(/\s+/g, " ");

export const PoolNameSchema = z.object({
  name: z.preprocess(text, z.string().transform(tidyName).pipe(z.string().min(1, POOL_NAME_MESSAGES.missing).max(POOL_NAME_MAX, POOL_NAME_MESSAGES.tooLong))),
});
export type PoolNameInput = z.output<typeof PoolNameSchema>;

/** Whether the name is one of these (another pool's, letter case aside): two pools a shipper cannot tell apart in a list. */
export function nameTaken(name: string, others: readonly string[]): boolean {
  const wanted = tidyName(name).toLocaleLowerCase("en-GB");
  return others.some((other) => tidyName(other).toLocaleLowerCase("en-GB") === wanted);
}

const ACCOUNT_ID = /^[1-9][0-9]{0,9}$/;
const LARGEST_ID = 2_147_483_647;

/** A member to add: a carrier company already on Loadline, or an address to invite. */
export type MemberInput = { kind: "carrier"; accountId: number } | { kind: "email"; email: string };

const EmailSchema = z.string().trim().toLowerCase().max(254, MEMBER_MESSAGES.email).pipe(z.email(MEMBER_MESSAGES.email));

/**
 * The add-member form: `carrier_account_id` (an Add button of the search) wins over `email` (the
 * invite field); an id that is no id is refused as no choice at all, beside the e-mail field.
 */
export const MemberInputSchema = z
  .object({ carrier_account_id: z.preprocess(text, z.string()), email: z.preprocess(text, z.string()) })
  .transform((form, ctx): MemberInput => {
    const id = form.carrier_account_id.trim();
    if (ACCOUNT_ID.test(id) && Number(id) <= LARGEST_ID) return { kind: "carrier", accountId: Number(id) };
    if (!form.email.trim()) {
      ctx.addIssue({ code: "custom", path: ["email"], message: MEMBER_MESSAGES.missing });
      return z.NEVER;
    }
    const email = EmailSchema.safeParse(form.email);
    if (!email.success) {
      ctx.addIssue({ code: "custom", path: ["email"], message: MEMBER_MESSAGES.email });
      return z.NEVER;
    }
    return { kind: "email", email: email.data };
  });

/** The search for a carrier by name (`q`): trimmed, cut to its longest; anything else is no search. */
export function carrierSearchText(value: unknown): string {
  return tidyName(text(value)).slice(0, CARRIER_SEARCH_MAX);
}
