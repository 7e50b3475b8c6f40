import type { PrismaClient } from "#generated/prisma/client.ts";

// Placeholder: quotes, auctions, loads and drivers (bidding work).
export async function seedBidding(_db: PrismaClient, _accounts: Record<string, number>): Promise<void> {}
