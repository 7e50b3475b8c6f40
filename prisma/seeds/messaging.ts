import type { PrismaClient } from "#generated/prisma/client.ts";

// Placeholder: conversations and notifications (live layer work).
export async function seedMessaging(_db: PrismaClient, _accounts: Record<string, number>): Promise<void> {}
