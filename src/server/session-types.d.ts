import "express-session";

declare module "express-session" {
  interface SessionData {
    userId?: number;
    /** The support user acting as `userId` (SPEC §6: impersonated sessions). */
    impersonatorId?: number;
    flash?: { notice?: string; alert?: string };
    returnTo?: string;
  }
}
