import type { CurrentUser } from "#models/users.server.ts";

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user (the impersonated one while support staff impersonate). */
      user?: CurrentUser;
      /** Set while support staff impersonate `user`. */
      impersonatorId?: number;
    }
    interface Locals {
      nonce: string;
    }
  }
}
export {};
