/**
 * Vitest global setup: one real PostgreSQL server for the whole run (server/store/temporary-postgres.ts),
 * its base URL handed to the tests as `postgresUrl`. Each test makes its own database on it.
 */
import type { TestProject } from 'vitest/node';
import { startTemporaryPostgres } from '../temporary-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgresql://user@host:port/` with no database: append a name made by createTestDatabase. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTemporaryPostgres();
  project.provide('postgresUrl', server.url(''));
  return () => server.stop();
}
