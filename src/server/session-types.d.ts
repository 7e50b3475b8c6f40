import "express-session";

declare module "express-session" {
  interface SessionData {
    userId?: number;
    /** The support user acting as `userId` (set only while impersonating). */
    impersonatorId?: number;
    flash?: { notice?: string; alert?: string };
    returnTo?: string;
    /** The address a confirmation link was last sent to from this browser (sign-up, or sign-in before confirming): /signup/sent shows it and sends it again. */
    signUpSentTo?: string;
  }
}
