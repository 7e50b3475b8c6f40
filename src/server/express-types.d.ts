import type { Logger } from "pino";
import type { CurrentUser } from "#models/users.server.ts";

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user (the impersonated one while support staff impersonate). */
      user?: CurrentUser;
      /** Set while support staff impersonate `user`. */
      impersonatorId?: number;
      /** This request's id in the logs and the X-Request-Id header (the load balancer's, when it sent a valid one). */
      id: string;
      /** The logger, tagged with the request's id. */
      log: Logger;
    }
    interface Locals {
      nonce: string;
    }
  }
}
export {};
