/**
 * What the terminal says in the first five minutes, from the real launcher (`bin/baton.mjs`): `--open`
 * hands the relay's address to the platform's opener, and a missing opener is a note, not a failed start;
 * a busy port says so and suggests `--port 0`; a bad config.json names the file, the line and the
 * field in one line. No browser is opened: the opener here is a stand-in on PATH.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ExtraRelayOptions, expect, type RelayProcess, test } from './fixtures/baton-test';

// As a user's first start: no API key, so no model is started for these relays.
test.use({ relayOptions: { offlineDemo: true } });

/** Starts a relay expected to refuse to start; resolves to what it printed on stderr. */
async function refusedStart(
  startRelay: (options: ExtraRelayOptions) => Promise<RelayProcess>,
  options: ExtraRelayOptions,
): Promise<string> {
  const outcome = await startRelay(options).then(
    () => 'started',
    (error: unknown) => (error as Error).message,
  );
  expect(outcome).toMatch(/^relay exited with 1 before it was ready:\n/);
  return outcome.replace(/^relay exited with 1 before it was ready:\n/, '');
}

test("--open hands the relay's address to the opener; an opener that fails is a note and the relay runs on", async ({
  workspace,
  startRelay,
}) => {
  const bin = path.join(workspace.path, 'bin');
  await mkdir(bin);
  const opened = path.join(workspace.path, 'opened.txt');
  await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
  await chmod(path.join(bin, 'xdg-open'), 0o755);
  const relay = await startRelay({ dataDir: path.join(workspace.path, 'data-1'), args: ['--open'], pathPrefix: bin });
  // The relay's address with a one-time code in place of the token (e2e/sign-in-code.spec.ts).
  await expect.poll(() => readFile(opened, 'utf8').catch(() => '')).toMatch(new RegExp(`^${relay.origin}/#code=[\\w-]+$`));
  expect(relay.stderr()).not.toContain('could not open a browser');

  // An opener that fails, as xdg-open does on a machine without a desktop: a note, and the relay serves.
  await writeFile(path.join(bin, 'xdg-open'), '#!/bin/sh\nexit 3\n');
  const headless = await startRelay({ dataDir: path.join(workspace.path, 'data-2'), args: ['--open'], pathPrefix: bin });
  await expect
    .poll(() => headless.stderr())
    .toContain('baton: could not open a browser (xdg-open: exited with 3); open the URL above yourself\n');
  const page = await fetch(headless.origin);
  expect(page.status).toBe(200);
});

test('a busy port is refused in one line that suggests --port 0', async ({ workspace, startRelay }) => {
  const first = await startRelay({ dataDir: path.join(workspace.path, 'data-1') });
  const port = Number(new URL(first.origin).port);
  const stderr = await refusedStart(startRelay, { dataDir: path.join(workspace.path, 'data-2'), port });
  expect(stderr).toContain(
    `baton: Port ${port} is already in use on 127.0.0.1 (another Baton, or another program). ` +
      'Start with --port 0 to take a free port, or choose another with --port N.\n',
  );
  expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
});

test('a bad config.json is refused in one line with the file, the line and the field', async ({ workspace, startRelay }) => {
  const dataDir = path.join(workspace.path, 'data');
  await mkdir(dataDir);
  const config = path.join(dataDir, 'config.json');
  await writeFile(config, JSON.stringify({ toolApproval: [{ tool: 'write_file', decision: 'maybe' }] }, null, 2));
  const stderr = await refusedStart(startRelay, { dataDir });
  expect(stderr).toContain(
    `baton: Bad config file ${config}:5: toolApproval[0].decision: Invalid option: expected one of "allow"|"ask"|"deny"\n`,
  );
  expect(stderr).not.toMatch(/ZodError|\n\s+at /);
});
