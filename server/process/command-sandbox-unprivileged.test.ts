import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SandboxAvailability } from './sandbox-probe';
import { createSandboxPlace, ORDINARY_HOME_TEXT, SECRETS, type SandboxPlace, type SandboxRun } from './testing/sandbox-support';

const FIXTURE = new URL('./testing/sandbox-relay-child.ts', import.meta.url).pathname;
/** `nobody`: the relay of a user who is not root. */
const UNPRIVILEGED = 65534;
const asRoot = process.getuid?.() === 0;
/** As root, the fixture runs as nobody; as anyone else, as that user. */
const asUnprivileged = (command: string, args: string[]) =>
  asRoot
    ? { command: 'setpriv', args: [`--reuid=${UNPRIVILEGED}`, `--regid=${UNPRIVILEGED}`, '--clear-groups', command, ...args] }
    : { command, args };

let place: SandboxPlace;
const outside = `/var/tmp/baton-sandbox-unprivileged-${randomUUID()}`;

beforeEach(async () => {
  place = await createSandboxPlace();
  if (asRoot) await place.chownTo(UNPRIVILEGED, UNPRIVILEGED);
});

afterEach(async () => {
  await place.remove();
  await rm(outside, { force: true });
});

/** Whether bubblewrap itself can make its namespaces for this user here, asked of bwrap directly. */
function bubblewrapWorksUnprivileged(): { works: boolean; said: string } {
  const probe = asUnprivileged('bwrap', [
    '--unshare-all',
    '--die-with-parent',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    'true',
  ]);
  const result = spawnSync(probe.command, probe.args, { encoding: 'utf8' });
  return { works: result.status === 0, said: result.stderr.trim() };
}

async function runFixture(commands: string[]): Promise<{ uid: number; availability: SandboxAvailability; runs: SandboxRun[] }> {
  const input = JSON.stringify({ workspaceRoot: place.workspaceRoot, dataDir: place.dataDir, home: place.home, commands });
  const launch = asUnprivileged(process.execPath, ['--import', 'tsx', FIXTURE, input]);
  const child = spawn(launch.command, launch.args, {
    env: { PATH: process.env.PATH ?? '', HOME: place.home } as Record<string, string> as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`the fixture exited with ${code}: ${stderr}`);
  return JSON.parse(stdout);
}

it('holds for a relay run by a user who is not root, or says why it cannot', async () => {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.end('hello from the host');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fetchScript = `fetch('http://127.0.0.1:${port}/').then((r) => r.text()).then((t) => console.log('got: ' + t), (e) => console.log('failed: ' + (e.cause?.code ?? e.message)))`;
  try {
    const { uid, availability, runs } = await runFixture([
      'echo made > made.txt',
      `touch ${outside}`,
      'cat .baton/config.json ~/.ssh/id_ed25519 ~/.aws/credentials ~/notes.txt',
      `"${process.execPath}" -e "${fetchScript}"`,
      'env',
    ]);
    const [inside, write, read, network, env] = runs as [SandboxRun, SandboxRun, SandboxRun, SandboxRun, SandboxRun];
    expect(uid).not.toBe(0);
    expect(await readFile(path.join(place.workspaceRoot, 'made.txt'), 'utf8')).toBe('made\n');
    expect(read.output).toContain(ORDINARY_HOME_TEXT);
    expect(env.output).not.toMatch(/BATON_TOKEN|ANTHROPIC_API_KEY/);

    const bubblewrap = bubblewrapWorksUnprivileged();
    if (bubblewrap.works) {
      expect(availability).toMatchObject({ available: true });
      for (const run of runs) expect(run.boundary).toEqual({ sandboxed: true, network: false });
      expect(write.output).toContain('Read-only file system');
      expect(existsSync(outside)).toBe(false);
      for (const secret of [SECRETS.config, SECRETS.key, SECRETS.aws]) expect(read.output).not.toContain(secret);
      expect(network.output).toBe('failed: ECONNREFUSED\n');
      expect(requests).toBe(0);
    } else {
      // Where this user's bwrap cannot make namespaces, the probe says so in bwrap's words, and
      // commands still run, each saying why it is not sandboxed.
      expect(availability.available).toBe(false);
      const reason = availability.available ? '' : availability.reason;
      expect(reason.startsWith(`bubblewrap cannot start here (${bubblewrap.said.slice(0, 60)}`)).toBe(true);
      for (const run of runs) expect(run.boundary).toEqual({ sandboxed: false, reason });
      expect(inside.exitCode).toBe(0);
      expect(existsSync(outside)).toBe(true);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
