import type { PrismaClient } from "#generated/prisma/client.ts";

// Placeholder: demo jobs (jobs work).
export async function seedJobs(_db: PrismaClient, _accounts: Record<string, number>): Promise<void> {}
