/**
 * What the terminal says in the first five minutes, from the real launcher (`bin/baton.mjs`): `--open`
 * hands the relay's address to the platform's opener, and a missing opener is a note, not a failed start;
 * a busy port says so and suggests `--port 0`; a bad config.json names the file, the line and the
 * field in one line. No browser is opened: the opener here is a stand-in on PATH.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

let workspace: Awaited<ReturnType<typeof makeTempFolder>>;
const relays: RelayProcess[] = [];

test.beforeEach(async () => {
  workspace = await makeTempFolder('launch');
});

test.afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  await workspace.remove();
});

/** Starts a relay expected to refuse to start; resolves to what it printed on stderr. */
async function refusedStart(launch: Parameters<typeof startRelayProcess>[0]): Promise<string> {
  const outcome = await startRelayProcess(launch).then(
    (relay) => {
      relays.push(relay);
      return 'started';
    },
    (error: unknown) => (error as Error).message,
  );
  expect(outcome).toMatch(/^relay exited with 1 before it was ready:\n/);
  return outcome.replace(/^relay exited with 1 before it was ready:\n/, '');
}

test("--open hands the relay's address to the opener; an opener that fails is a note and the relay runs on", async () => {
  const bin = path.join(workspace.path, 'bin');
  await mkdir(bin);
  const opened = path.join(workspace.path, 'opened.txt');
  await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
  await chmod(path.join(bin, 'xdg-open'), 0o755);
  const relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, 'data-1'), args: ['--open'], pathPrefix: bin });
  relays.push(relay);
  // The relay's address with a one-time code in place of the token (e2e/sign-in-code.spec.ts).
  await expect.poll(() => readFile(opened, 'utf8').catch(() => '')).toMatch(new RegExp(`^${relay.origin}/#code=[\\w-]+$`));
  expect(relay.stderr()).not.toContain('could not open a browser');

  // An opener that fails, as xdg-open does on a machine without a desktop: a note, and the relay serves.
  await writeFile(path.join(bin, 'xdg-open'), '#!/bin/sh\nexit 3\n');
  const headless = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, 'data-2'), args: ['--open'], pathPrefix: bin });
  relays.push(headless);
  await expect
    .poll(() => headless.stderr())
    .toContain('baton: could not open a browser (xdg-open: exited with 3); open the URL above yourself\n');
  const page = await fetch(headless.origin);
  expect(page.status).toBe(200);
});

test('a busy port is refused in one line that suggests --port 0', async () => {
  const first = await startRelayProcess({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, 'data-1') });
  relays.push(first);
  const port = Number(new URL(first.origin).port);
  const stderr = await refusedStart({ workspaceRoot: workspace.path, dataDir: path.join(workspace.path, 'data-2'), port });
  expect(stderr).toContain(
    `baton: Port ${port} is already in use on 127.0.0.1 (another Baton, or another program). ` +
      'Start with --port 0 to take a free port, or choose another with --port N.\n',
  );
  expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
});

test('a bad config.json is refused in one line with the file, the line and the field', async () => {
  const dataDir = path.join(workspace.path, 'data');
  await mkdir(dataDir);
  const config = path.join(dataDir, 'config.json');
  await writeFile(config, JSON.stringify({ toolApproval: [{ tool: 'write_file', decision: 'maybe' }] }, null, 2));
  const stderr = await refusedStart({ workspaceRoot: workspace.path, dataDir });
  expect(stderr).toContain(`baton: Bad config file ${config}:5: toolApproval[0].decision: Invalid option: expected one of "allow"|"ask"|"deny"\n`);
  expect(stderr).not.toMatch(/ZodError|\n\s+at /);
});
