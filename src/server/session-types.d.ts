import "express-session";

declare module "express-session" {
  interface SessionData {
    userId?: number;
    /** The support user acting as `userId` (set only while impersonating). */
    impersonatorId?: number;
    flash?: { notice?: string; alert?: string };
    returnTo?: string;
  }
}
