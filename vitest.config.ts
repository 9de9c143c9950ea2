import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{lib,server,stores,components,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Suites start real servers and child processes; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
