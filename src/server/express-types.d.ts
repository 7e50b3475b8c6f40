import type { Logger } from "pino";
import type { CurrentUser } from "#models/users.server.ts";

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user (the impersonated one while support staff impersonate). */
      user?: CurrentUser;
      /** Set while support staff impersonate `user`. */
      impersonatorId?: number;
      /** This request's number in the logs. */
      id: number;
      /** The logger, tagged with the request's id. */
      log: Logger;
    }
    interface Locals {
      nonce: string;
    }
  }
}
export {};
