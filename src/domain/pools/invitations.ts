// An e-mailed invitation to a carrier not yet on Loadline: its link leads to the carrier sign-up,
// and the company made through it joins the pool.

/** The invitation's link works for 14 days: long enough for a haulier to get round to signing up. */
export const POOL_INVITATION_TTL_MS = 14 * 24 * 3_600_000;
export const POOL_INVITATION_DAYS = 14;

/** The name of the sign-up form's field (and the link's query) carrying the invitation's token. */
export const POOL_INVITATION_FIELD = "pool_invitation";

/** A token as the link carries it (base64url); anything else is no invitation. */
export const POOL_INVITATION_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The carrier sign-up the invitation links to, carrying its token. */
export const poolInvitationSignUpPath = (token: string) => `/signup?kind=carrier&${POOL_INVITATION_FIELD}=${encodeURIComponent(token)}`;

/** The token a sign-up form or link carries, or null when it carries none that could be one. */
export function poolInvitationToken(value: unknown): string | null {
  return typeof value === "string" && POOL_INVITATION_TOKEN.test(value) ? value : null;
}

export function poolInvitationLetter(f: { inviter: string; shipper: string; pool: string; link: string }) {
  return {
    subject: `${f.shipper} invited you to offer them work on Loadline`,
    text:
      `Hello,\n\n${f.inviter} of ${f.shipper} has invited your company to their carrier pool "${f.pool}" on Loadline, ` +
      `where they offer jobs to the carriers they trust first.\n\nCreate your carrier account here and you will be in the pool:\n\n${f.link}\n\n` +
      `The link works for ${POOL_INVITATION_DAYS} days. If you were not expecting it, ignore this email.\n`,
  };
}
