import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandSandbox } from './command-sandbox';
import { SandboxConfigSchema } from './sandbox-config';
import { createSandboxPlace, ORDINARY_HOME_TEXT, runInSandbox, SECRETS, type SandboxPlace } from './testing/sandbox-support';

const DEFAULTS = SandboxConfigSchema.parse({});
let place: SandboxPlace;
const cleanUps: Array<() => Promise<unknown> | unknown> = [];

beforeEach(async () => {
  place = await createSandboxPlace();
});

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  await place.remove();
});

function startSandbox(env: Record<string, string | undefined> = {}, config = DEFAULTS) {
  return CommandSandbox.start({
    config,
    workspaceRoot: place.workspaceRoot,
    dataDir: place.dataDir,
    env: { PATH: process.env.PATH, HOME: place.home, ...env },
  });
}

function run(sandbox: CommandSandbox, command: string, choice?: { sandbox: boolean; network: boolean }) {
  return runInSandbox(sandbox, command, { cwd: place.workspaceRoot, home: place.home, ...(choice ? { choice } : {}) });
}

/** A file outside the workspace and outside /tmp that this user may write without a sandbox. */
function outsideFile(): string {
  const file = `/var/tmp/baton-sandbox-outside-${randomUUID()}`;
  cleanUps.push(() => rm(file, { force: true }));
  return file;
}

async function startHostServer(): Promise<{ server: Server; port: number; requests: () => number }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.end('hello from the host');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanUps.push(() => new Promise((resolve) => server.close(resolve)));
  return { server, port: (server.address() as AddressInfo).port, requests: () => requests };
}

/** A command line that fetches the host's loopback server with this very Node, saying what came of it. */
function fetchCommand(port: number): string {
  const script = `fetch('http://127.0.0.1:${port}/').then((r) => r.text()).then((t) => console.log('got: ' + t), (e) => { console.log('failed: ' + (e.cause?.code ?? e.message)); process.exit(3); })`;
  return `"${process.execPath}" -e "${script}"`;
}

describe('a sandboxed command', () => {
  it('is said to be sandboxed without the network, and writes inside the workspace', async () => {
    const sandbox = await startSandbox();
    expect(sandbox.availability).toEqual({ available: true, bwrapPath: expect.stringMatching(/\/bwrap$/) });
    const result = await run(sandbox, 'echo made > made.txt && mkdir -p src && echo code > src/app.ts && pwd');
    expect(result).toMatchObject({ boundary: { sandboxed: true, network: false }, exitCode: 0, output: `${place.workspaceRoot}\n` });
    expect(await readFile(path.join(place.workspaceRoot, 'made.txt'), 'utf8')).toBe('made\n');
    expect(await readFile(path.join(place.workspaceRoot, 'src', 'app.ts'), 'utf8')).toBe('code\n');
  });

  it('cannot write outside the workspace, and its /tmp is its own', async () => {
    const sandbox = await startSandbox();
    const outside = outsideFile();
    const privateTemp = `/tmp/baton-sandbox-private-${randomUUID()}`;
    cleanUps.push(() => rm(privateTemp, { force: true }));
    const result = await run(sandbox, `touch ${outside}; echo scratch > ${privateTemp} && cat ${privateTemp}`);
    expect(result.output).toBe(`touch: cannot touch '${outside}': Read-only file system\nscratch\n`);
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(privateTemp)).toBe(false);
  });

  it("cannot read or change Baton's data folder inside the workspace", async () => {
    const sandbox = await startSandbox();
    const result = await run(sandbox, 'ls -A .baton; cat .baton/config.json; echo changed > .baton/config.json');
    expect(result.output).toContain('Read-only file system');
    expect(result.output).not.toContain(SECRETS.config);
    expect(result.output).toMatch(/No such file or directory/);
    expect(await readFile(path.join(place.dataDir, 'config.json'), 'utf8')).toBe(SECRETS.config);
  });

  it("cannot read the home folder's keys and logins, but reads its other files", async () => {
    const sandbox = await startSandbox();
    const result = await run(sandbox, 'cat ~/.ssh/id_ed25519 ~/.aws/credentials ~/.netrc ~/notes.txt; ls -A ~/.ssh');
    expect(result.output).toContain(ORDINARY_HOME_TEXT);
    for (const secret of [SECRETS.key, SECRETS.aws, SECRETS.netrc]) expect(result.output).not.toContain(secret);
    expect(result.output).toContain('.ssh/id_ed25519: No such file or directory');
  });

  it('cannot reach a server on the host loopback without the network, and can with it', async () => {
    const sandbox = await startSandbox();
    const host = await startHostServer();
    const closed = await run(sandbox, fetchCommand(host.port));
    expect(closed).toMatchObject({ boundary: { sandboxed: true, network: false }, exitCode: 3, output: 'failed: ECONNREFUSED\n' });
    expect(host.requests()).toBe(0);

    const open = await run(sandbox, fetchCommand(host.port), { sandbox: true, network: true });
    expect(open).toMatchObject({ boundary: { sandboxed: true, network: true }, exitCode: 0, output: 'got: hello from the host\n' });
    expect(host.requests()).toBe(1);
  });

  it("gets none of the relay's secrets, in its environment or in another process's", async () => {
    const sandbox = await startSandbox();
    // A process of the same user holding a secret in its environment, as the relay does.
    const marker = `secret-${randomUUID()}`;
    const holder: ChildProcess = spawn('sleep', ['60'], {
      env: { PATH: process.env.PATH ?? '', BATON_TOKEN: marker } as Record<string, string> as NodeJS.ProcessEnv,
      stdio: 'ignore',
    });
    cleanUps.push(() => holder.kill('SIGKILL'));
    await new Promise((resolve) => holder.once('spawn', resolve));
    const command = `env; cat /proc/*/environ 2>/dev/null | tr '\\0' '\\n' | grep -c ${marker}`;

    const inside = await run(sandbox, command);
    expect(inside.output).not.toMatch(/BATON_TOKEN|ANTHROPIC_API_KEY/);
    expect(inside.output).toContain(`HOME=${place.home}\n`);
    expect(inside.output.trim().split('\n').at(-1)).toBe('0');

    // Without the sandbox, a command of the same user reads it: this is what the sandbox prevents.
    const outside = await run(sandbox, command, { sandbox: false, network: false });
    expect(outside.boundary).toEqual({ sandboxed: false, reason: 'turned off by a rule' });
    expect(outside.output.trim().split('\n').at(-1)).toBe('1');
  });

  it('keeps a workspace inside a hidden folder writable, and the rest of that folder hidden', async () => {
    await place.remove();
    place = await createSandboxPlace({ workspaceUnder: (home) => path.join(home, '.config', 'project') });
    await mkdir(path.join(place.home, '.config', 'other-tool'), { recursive: true });
    await writeFile(path.join(place.home, '.config', 'other-tool', 'token'), 'other-tool-token');
    const sandbox = await startSandbox();
    const result = await run(sandbox, 'echo kept > kept.txt; cat ~/.config/other-tool/token; cat .baton/config.json');
    expect(result.output).not.toContain('other-tool-token');
    expect(result.output).not.toContain(SECRETS.config);
    expect(await readFile(path.join(place.workspaceRoot, 'kept.txt'), 'utf8')).toBe('kept\n');
  });
});

describe('where the sandbox does not hold', () => {
  it('says "bubblewrap missing" when there is no bubblewrap, and runs commands without it', async () => {
    const sandbox = await startSandbox({ BATON_BWRAP_PATH: '/nonexistent/bwrap' });
    expect(sandbox.availability).toEqual({ available: false, reason: 'bubblewrap missing' });
    expect(sandbox.startupNote()).toBe('commands run without a sandbox: bubblewrap missing');
    const outside = outsideFile();
    const result = await run(sandbox, `touch ${outside}`);
    expect(result).toMatchObject({ boundary: { sandboxed: false, reason: 'bubblewrap missing' }, exitCode: 0 });
    expect(existsSync(outside)).toBe(true);
  });

  it('says bubblewrap cannot start, in its own words, when the probe fails', async () => {
    const failing = path.join(place.base, 'bwrap');
    await writeFile(failing, '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n', { mode: 0o755 });
    const sandbox = await startSandbox({ BATON_BWRAP_PATH: failing });
    expect(sandbox.availability).toEqual({
      available: false,
      reason: 'bubblewrap cannot start here (bwrap: No permissions to create new namespace)',
    });
    expect((await run(sandbox, 'true')).boundary).toEqual({
      sandboxed: false,
      reason: 'bubblewrap cannot start here (bwrap: No permissions to create new namespace)',
    });
  });

  it('says "turned off by config" when the config turns it off', async () => {
    const sandbox = await startSandbox({}, SandboxConfigSchema.parse({ enabled: false }));
    expect(sandbox.boundary()).toEqual({ sandboxed: false, reason: 'turned off by config' });
    expect(sandbox.startupNote()).toBe('commands run without a sandbox: turned off by config');
  });

  it('says there is no sandbox on macOS and Windows', async () => {
    for (const [platform, name] of [
      ['darwin', 'macOS'],
      ['win32', 'Windows'],
    ] as const) {
      const sandbox = await CommandSandbox.start({
        config: DEFAULTS,
        workspaceRoot: place.workspaceRoot,
        dataDir: place.dataDir,
        env: process.env,
        platform,
      });
      expect(sandbox.boundary()).toEqual({ sandboxed: false, reason: `no sandbox on ${name}` });
    }
  });
});
