import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{lib,server,stores,components,bin,bench,vscode-extension}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // A real PostgreSQL server for the store's tests, which run on SQLite and on PostgreSQL.
    globalSetup: ['server/store/testing/postgres-global-setup.ts'],
    // Suites start real servers and child processes; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
