import { RateLimiterMemory } from "rate-limiter-flexible";
import { HttpError } from "#lib/errors.server.ts";

export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "Too many sign-in attempts. Please wait a moment and try again.");
  }
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;

/**
 * Five wrong passwords per account per 15 minutes (the sixth attempt is refused before checking),
 * and 30 attempts per IP per 15 minutes however many accounts they spread over.
 * In memory: one per server process, which is right for the single-node SQLite deployment.
 */
export function createSignInLimiter({ accountPoints = 5, ipPoints = 30, windowSeconds = 15 * 60 } = {}) {
  const perAccount = new RateLimiterMemory({ keyPrefix: "login_account", points: accountPoints, duration: windowSeconds });
  const perIp = new RateLimiterMemory({ keyPrefix: "login_ip", points: ipPoints, duration: windowSeconds });

  return {
    async guard(ip: string, email: string): Promise<void> {
      const account = await perAccount.get(email);
      if (account && account.consumedPoints >= accountPoints) throw new TooManyRequests(Math.ceil(account.msBeforeNext / 1000));
      const ipState = await perIp.penalty(ip, 1);
      if (ipState.consumedPoints > ipPoints) throw new TooManyRequests(Math.ceil(ipState.msBeforeNext / 1000));
    },
    recordFailure: (email: string) => perAccount.penalty(email, 1),
    clear: (email: string) => perAccount.delete(email),
  };
}
