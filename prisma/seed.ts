// Idempotent demo data: run on first start and by `npm run db:seed`. Each step skips what exists.
import { pathToFileURL } from "node:url";
import type { PrismaClient } from "#generated/prisma/client.ts";
import { seedUsers } from "./seeds/users.ts";
import { seedJobs } from "./seeds/jobs.ts";
import { seedBidding } from "./seeds/bidding.ts";
import { seedMessaging } from "./seeds/messaging.ts";
import { seedFiles } from "./seeds/files.ts";
import { seedTracking } from "./seeds/tracking.ts";
import { seedTeam } from "./seeds/team.ts";
import { seedSavedSearches } from "./seeds/saved-searches.ts";
import { seedVehicles } from "./seeds/vehicles.ts";
import { seedHistory } from "./seeds/history.ts";
import { seedSupport } from "./seeds/support.ts";
import { seedProofReviews } from "./seeds/proof-review.ts";
import { seedInvoices } from "./seeds/invoices.ts";
import { seedExtraCharges } from "./seeds/extra-charges.ts";
import { seedCreditNotes } from "./seeds/credit-notes.ts";
import { seedSelfBilling } from "./seeds/self-billing.ts";
import { seedRatings } from "./seeds/ratings.ts";
import { seedPools, seedPoolsFirstJob } from "./seeds/pools.ts";
import { seedApiKeys } from "./seeds/api-keys.ts";
import { seedReturnLoads } from "./seeds/return-loads.ts";
import { seedPriceGuide } from "./seeds/price-guide.ts";
import { seedAvailability } from "./seeds/availability.ts";
import { seedRoadCharges } from "./seeds/road-charges.ts";
import { fillMissingJobCo2e } from "#models/jobs/co2e.server.ts";

export type SeedOptions = {
  /** "demo": the README's password, as every demo user; "unusable": a random one no one knows (production). */
  supportPassword?: "demo" | "unusable";
};

export async function seed(db: PrismaClient, { supportPassword = "demo" }: SeedOptions = {}): Promise<void> {
  const accounts = await seedUsers(db, { supportPassword });
  // Known keys the README's API examples use: only with the demo's known passwords, never in production.
  await seedApiKeys(db, accounts, { demo: supportPassword === "demo" });
  const poolId = await seedPools(db, accounts);
  await seedJobs(db, accounts);
  await seedPoolsFirstJob(db, accounts, poolId);
  await seedSavedSearches(db);
  await seedBidding(db, accounts);
  // Open jobs near Pennine's load delivering in Bristol, for its return loads (needs seedBidding's loads).
  await seedReturnLoads(db, accounts);
  await seedVehicles(db, accounts);
  // The fleet's weights and axles, a Euro 5 artic, and jobs into Bristol's Clean Air Zone and over
  // the Dartford Crossing, so the job page's "Road charges" has something to say.
  await seedRoadCharges(db, accounts);
  // Pennine's planned empty journey Bristol → Leeds and a job along it (uses one of its vehicles).
  await seedAvailability(db, accounts);
  await seedMessaging(db, accounts);
  await seedFiles(db, accounts);
  await seedTracking(db);
  await seedTeam(db);
  await seedHistory(db, accounts);
  // Enough accepted prices on one lane (Leeds to Bristol) for the price guide, from three shippers;
  // after the history, so its months are ones the dashboard's index already shows.
  await seedPriceGuide(db, accounts);
  await seedProofReviews(db, accounts);
  // Charges on loads awaiting review; then the invoices, their credit notes, and last the
  // self-billing agreement (it starts after the loads already invoiced).
  await seedExtraCharges(db);
  await seedInvoices(db, accounts);
  await seedCreditNotes(db, accounts);
  await seedSelfBilling(db, accounts);
  await seedRatings(db, accounts);
  await seedSupport(db, accounts);
  await fillMissingJobCo2e();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { db, disconnectDb } = await import("#db/client.server.ts");
  const { applyMigrations } = await import("#db/migrate.server.ts");
  await applyMigrations(process.env.DATABASE_URL ?? "file:./data/development.sqlite3");
  await seed(db());
  await disconnectDb();
  console.log("Seeded demo data.");
}
