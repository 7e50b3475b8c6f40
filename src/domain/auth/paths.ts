// The addresses the sign-up, sign-in and invitation letters link to, on the site's origin.

export const SIGN_IN_PATH = "/login";

/** The link in a sign-up's confirmation letter. */
export const signUpConfirmationPath = (token: string) => `/signup/confirmation/${token}`;

/** The link in an invitation to join an account. */
export const invitationPath = (token: string) => `/invitations/${token}`;
