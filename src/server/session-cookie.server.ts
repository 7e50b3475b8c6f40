export const SESSION_COOKIE = "haulage.sid";
export const SESSION_MAX_AGE_MS = 14 * 24 * 3600_000;
