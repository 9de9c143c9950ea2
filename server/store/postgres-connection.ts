/**
 * A PrismaClient on a PostgreSQL server, through Prisma's `pg` adapter. Its client is generated
 * from the same prisma/schema.prisma as the SQLite one (scripts/prisma-generate.mjs), so both
 * have the same models and methods; the store is typed against the SQLite client and takes this
 * one as that type. The `pg` adapter is imported here, when a PostgreSQL database is opened, so
 * that a relay on SQLite never loads it (issue 10: the relay's idle memory).
 */
import type { PrismaClient } from './generated/client';
import { PrismaClient as PostgresPrismaClient } from './generated-pg/client';
import { TRANSACTION_OPTIONS } from './transaction-options';
import { connectOnce } from './connect-once';

export async function connectPostgres(url: string): Promise<PrismaClient> {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const prisma = new PostgresPrismaClient({
    // Disconnected, it opens no new pool (connect-once.ts).
    adapter: connectOnce(new PrismaPg({ connectionString: url })),
    transactionOptions: TRANSACTION_OPTIONS,
  });
  try {
    // Fails here, with the server's own words, rather than at the first thread written.
    await prisma.$queryRaw`SELECT 1`;
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }
  return prisma as unknown as PrismaClient;
}
