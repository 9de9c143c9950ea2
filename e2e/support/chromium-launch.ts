/**
 * How the browser tests and the browser bench start Chromium: Debian's chromium by default
 * (`npx playwright install chromium` users can point BATON_CHROMIUM_PATH elsewhere), headless
 * without the background traffic (updates, sync, QUIC probes) that would make runs differ.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.BATON_CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
} as const;
