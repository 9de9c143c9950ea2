import { execFileSync } from 'node:child_process';
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentsSectionSchema, type AgentEntry } from '../agents-config';
import { AgentInstaller } from './agent-installer';
import { platformKey } from './platform-key';
import { installerEnvironment } from './run-installer';
import {
  agentArchive,
  agentArchiveAs,
  escapingArchive,
  escapingZip,
  npmPackument,
  packedNpmAgent,
  sha256,
} from './testing/archive-fixtures';
import { type LoopbackFiles, serveLoopbackFiles } from './testing/loopback-files';

const PLATFORM = platformKey()!;
let folder: string;
let server: LoopbackFiles;
let installedAgents: Map<string, AgentEntry>;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-catalogue-'));
  server = await serveLoopbackFiles();
  installedAgents = new Map();
});
afterEach(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

function installer(env: Record<string, string | undefined> = process.env): AgentInstaller {
  return new AgentInstaller({
    dataDir: path.join(folder, 'data'),
    configFile: path.join(folder, 'config.json'),
    registryUrl: server.url('/registry.json'),
    env,
    onInstalled: (name, entry) => installedAgents.set(name, entry),
  });
}

function publish(agents: unknown[]): void {
  server.set('/registry.json', JSON.stringify({ version: '1.0.0', agents, extensions: [{ later: 'field' }] }));
}

function binaryAgent(id: string, version: string, archive: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `Agent ${id}`,
    version,
    description: 'test agent',
    distribution: { binary: { [PLATFORM]: { archive: server.url(archive), cmd: `./bin/${id}`, args: ['acp'], ...extra } } },
  };
}

async function readConfig(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(folder, 'config.json'), 'utf8')) as Record<string, unknown>;
}

describe('binary distributions', () => {
  it('downloads, checks the sha256, unpacks and configures the agent with its absolute command', async () => {
    const archive = await agentArchive(folder, 'tiny', 'hello-from-tiny');
    server.set('/tiny.tar.gz', archive);
    publish([binaryAgent('tiny', '1.2.0', '/tiny.tar.gz', { sha256: sha256(archive) })]);
    await writeFile(path.join(folder, 'config.json'), JSON.stringify({ toolApproval: { defaultDecision: 'ask' } }));

    const progress: unknown[] = [];
    expect(await installer().install('tiny', (step) => progress.push(step))).toEqual({
      id: 'tiny',
      version: '1.2.0',
      distribution: 'binary',
      installed: true,
    });
    expect(progress).toEqual([
      { id: 'tiny', stage: 'downloading', receivedBytes: 0, totalBytes: archive.length },
      { id: 'tiny', stage: 'downloading', receivedBytes: archive.length, totalBytes: archive.length },
      { id: 'tiny', stage: 'unpacking' },
    ]);

    const command = path.join(folder, 'data', 'tools', 'agents', 'tiny', '1.2.0', 'bin', 'tiny');
    expect(execFileSync(command, { encoding: 'utf8' })).toBe('hello-from-tiny\n');
    const config = await readConfig();
    expect(config.toolApproval).toEqual({ defaultDecision: 'ask' });
    expect(AgentsSectionSchema.parse({ agents: config.agents }).agents.tiny).toEqual({
      kind: 'acp',
      label: 'Agent tiny',
      command,
      args: ['acp'],
      env: {},
      passEnv: [],
    });
    expect(installedAgents.get('tiny')).toMatchObject({ command });
  });

  it('installing the same version again does nothing; a newer version is offered, installed only when asked', async () => {
    const archive = await agentArchive(folder, 'tiny', 'one');
    server.set('/tiny.tar.gz', archive);
    publish([binaryAgent('tiny', '1.0.0', '/tiny.tar.gz')]);
    await installer().install('tiny');
    const downloads = server.requests.filter((request) => request === '/tiny.tar.gz').length;
    expect(await installer().install('tiny')).toMatchObject({ installed: false, version: '1.0.0' });
    expect(server.requests.filter((request) => request === '/tiny.tar.gz')).toHaveLength(downloads);

    publish([binaryAgent('tiny', '1.1.0', '/tiny.tar.gz')]);
    const listed = (await installer().catalogue()).agents[0];
    expect(listed).toMatchObject({ id: 'tiny', version: '1.1.0', installedVersion: '1.0.0', updateOffered: true, installable: ['binary'] });
    expect(server.requests.filter((request) => request === '/tiny.tar.gz')).toHaveLength(downloads);
    // The user passed the agent its login key by hand; the update keeps that.
    const config = await readConfig();
    const agents = config.agents as Record<string, Record<string, unknown>>;
    agents.tiny!.passEnv = ['TINY_API_KEY'];
    await writeFile(path.join(folder, 'config.json'), JSON.stringify(config));
    await installer().install('tiny');
    expect((await installer().catalogue()).agents[0]).toMatchObject({ installedVersion: '1.1.0', updateOffered: false });
    expect((await readConfig()).agents).toMatchObject({ tiny: { passEnv: ['TINY_API_KEY'], command: expect.stringContaining('1.1.0') } });
  });

  it('refuses a download whose sha256 differs, and configures nothing', async () => {
    server.set('/tiny.tar.gz', await agentArchive(folder, 'tiny', 'x'));
    publish([binaryAgent('tiny', '1.0.0', '/tiny.tar.gz', { sha256: 'a'.repeat(64) })]);
    await expect(installer().install('tiny')).rejects.toThrow(/does not match the registry's checksum/);
    await expect(access(path.join(folder, 'config.json'))).rejects.toThrow();
    await expect(access(path.join(folder, 'data', 'tools', 'agents', 'tiny', '1.0.0'))).rejects.toThrow();
    expect(installedAgents.size).toBe(0);
  });

  it('refuses an archive with an entry that leaves the install folder, writing nothing outside it', async () => {
    server.set('/escaping.tar.gz', await escapingArchive(folder, 'planted'));
    publish([binaryAgent('tiny', '1.0.0', '/escaping.tar.gz')]);
    await expect(installer().install('tiny')).rejects.toThrow(/"\.\.\/planted" leaves the install folder/);
    await expect(access(path.join(folder, 'data', 'tools', 'agents', 'tiny', 'planted'))).rejects.toThrow();
    expect(installedAgents.size).toBe(0);
  });

  it('installs from a .zip and from a .tar.bz2, each program runnable', async () => {
    server.set('/zipped.zip', await agentArchiveAs(folder, 'zipped', 'from-zip', 'zip'));
    server.set('/bzipped.tar.bz2', await agentArchiveAs(folder, 'bzipped', 'from-bz2', 'tar.bz2'));
    publish([binaryAgent('zipped', '1.0.0', '/zipped.zip'), binaryAgent('bzipped', '1.0.0', '/bzipped.tar.bz2')]);
    await installer().install('zipped');
    await installer().install('bzipped');
    const program = (id: string) => path.join(folder, 'data', 'tools', 'agents', id, '1.0.0', 'bin', id);
    expect(execFileSync(program('zipped'), { encoding: 'utf8' })).toBe('from-zip\n');
    expect(execFileSync(program('bzipped'), { encoding: 'utf8' })).toBe('from-bz2\n');
  });

  it('refuses a .zip with an entry that leaves the install folder, and configures nothing', async () => {
    server.set('/escaping.zip', await escapingZip(folder, 'planted'));
    publish([binaryAgent('tiny', '1.0.0', '/escaping.zip')]);
    await expect(installer().install('tiny')).rejects.toThrow(/refused the archive .*"\.\.\/planted" leaves the install folder/);
    await expect(access(path.join(folder, 'data', 'tools', 'agents', 'tiny', 'planted'))).rejects.toThrow();
    expect(installedAgents.size).toBe(0);
  });
});

describe('npx distributions', () => {
  it('installs the pinned version with npm from the registry npm is set to, and runs the installed program', async () => {
    const tarball = await packedNpmAgent(folder, 'tiny-acp-agent', '2.0.0', 'hello-from-npm');
    server.set('/npm/tiny-acp-agent/-/tiny-acp-agent-2.0.0.tgz', tarball);
    server.set(
      '/npm/tiny-acp-agent',
      npmPackument('tiny-acp-agent', '2.0.0', tarball, server.url('/npm/tiny-acp-agent/-/tiny-acp-agent-2.0.0.tgz')),
    );
    publish([
      { id: 'tiny-npm', name: 'Tiny', version: '2.0.0', distribution: { npx: { package: 'tiny-acp-agent@2.0.0', args: ['--acp'] } } },
    ]);
    const env = { ...process.env, npm_config_registry: server.url('/npm/'), npm_config_cache: path.join(folder, 'npm-cache') };

    const progress: unknown[] = [];
    expect(await installer(env).install('tiny-npm', (step) => progress.push(step))).toMatchObject({ distribution: 'npx', installed: true });
    expect(progress).toEqual([{ id: 'tiny-npm', stage: 'installing', installer: 'npm' }]);
    const entry = installedAgents.get('tiny-npm')!;
    expect(entry).toMatchObject({ kind: 'acp', args: ['--acp'] });
    const { command } = entry as { command: string };
    expect(command).toBe(path.join(folder, 'data', 'tools', 'agents', 'tiny-npm', '2.0.0', 'node_modules', '.bin', 'tiny-acp-agent'));
    expect(execFileSync(command, { encoding: 'utf8' })).toBe('hello-from-npm\n');
    // Nothing of the package ran at install time.
    await expect(
      access(path.join(folder, 'data', 'tools', 'agents', 'tiny-npm', '2.0.0', 'node_modules', 'tiny-acp-agent', 'postinstall-ran')),
    ).rejects.toThrow();
  });
  it("runs the registry's cmd when it names one, and refuses a cmd the package does not have", async () => {
    const tarball = await packedNpmAgent(folder, 'tiny-acp-agent', '2.0.0', 'hello-from-npm');
    server.set('/npm/tiny-acp-agent/-/tiny-acp-agent-2.0.0.tgz', tarball);
    server.set(
      '/npm/tiny-acp-agent',
      npmPackument('tiny-acp-agent', '2.0.0', tarball, server.url('/npm/tiny-acp-agent/-/tiny-acp-agent-2.0.0.tgz')),
    );
    const npx = (cmd: string) => ({ package: 'tiny-acp-agent@2.0.0', cmd });
    publish([
      { id: 'named', name: 'Named', version: '2.0.0', distribution: { npx: npx('tiny-acp-agent') } },
      { id: 'missing', name: 'Missing', version: '2.0.0', distribution: { npx: npx('other-program') } },
    ]);
    const env = { ...process.env, npm_config_registry: server.url('/npm/'), npm_config_cache: path.join(folder, 'npm-cache') };
    await installer(env).install('named');
    expect(execFileSync((installedAgents.get('named') as { command: string }).command, { encoding: 'utf8' })).toBe('hello-from-npm\n');
    await expect(installer(env).install('missing')).rejects.toThrow('the npm package tiny-acp-agent has no program named "other-program"');
    expect(installedAgents.has('missing')).toBe(false);
  });
});

describe('what an installer sees', () => {
  it("gets PATH, HOME and its own settings, never the relay's keys or token", () => {
    const env = installerEnvironment({
      PATH: '/bin',
      HOME: '/home/u',
      npm_config_registry: 'http://r/',
      ANTHROPIC_API_KEY: 'sk-1',
      BATON_TOKEN: 't',
    });
    expect(env).toEqual({ PATH: '/bin', HOME: '/home/u', npm_config_registry: 'http://r/' });
  });
});

describe('uvx distributions and bad requests', () => {
  it('says uv is not installed when it is not on PATH', async () => {
    publish([{ id: 'py', name: 'Py', version: '0.1.0', distribution: { uvx: { package: 'py-agent==0.1.0' } } }]);
    const emptyPath = path.join(folder, 'no-programs');
    await expect(installer({ PATH: emptyPath }).install('py')).rejects.toThrow(/^uv is not installed/);
  });

  it("refuses a cmd that is a path rather than a program's name, before anything is installed", async () => {
    publish([{ id: 'py', name: 'Py', version: '0.1.0', distribution: { uvx: { package: 'py-agent==0.1.0', cmd: '../../../bin/sh' } } }]);
    await expect(installer().install('py')).rejects.toThrow(`the registry's cmd "../../../bin/sh" is not a program name`);
    expect(installedAgents.size).toBe(0);
  });

  it('refuses an agent the registry does not list, and one configured by hand', async () => {
    publish([binaryAgent('tiny', '1.0.0', '/tiny.tar.gz')]);
    await expect(installer().install('other')).rejects.toThrow(/has no agent "other"/);
    await writeFile(path.join(folder, 'config.json'), JSON.stringify({ agents: { tiny: { kind: 'acp', command: 'mine' } } }));
    expect((await installer().catalogue()).agents[0]).toMatchObject({ configuredByHand: true });
    await expect(installer().install('tiny')).rejects.toThrow(/configured already/);
    expect((await readConfig()).agents).toEqual({ tiny: { kind: 'acp', command: 'mine' } });
  });
});

describe('where the catalogue comes from', () => {
  it('lists the registry at the configured address, with the distributions this machine can install', async () => {
    publish([
      {
        id: 'both',
        name: 'Both',
        version: '1.0.0',
        distribution: { npx: { package: 'both' }, binary: { 'plan9-mips': { archive: server.url('/x.tgz'), cmd: 'x' } } },
      },
    ]);
    const result = await installer().catalogue();
    expect(result.source).toBe('registry');
    expect(result.agents).toEqual([
      { id: 'both', name: 'Both', version: '1.0.0', description: '', installable: ['npx'], updateOffered: false, configuredByHand: false },
    ]);
  });

  it('falls back to the snapshot shipped with Baton when the address fails, and says why', async () => {
    const result = await installer().catalogue();
    expect(result.source).toBe('snapshot');
    expect(result.registryProblem).toMatch(/answered HTTP 404/);
    expect(result.agents.map((agent) => agent.id)).toContain('claude-code-acp');
  });

  it('falls back to the snapshot when the registry sends something that is not one', async () => {
    server.set('/registry.json', JSON.stringify({ agents: 'none' }));
    const result = await installer().catalogue();
    expect(result).toMatchObject({ source: 'snapshot', registryProblem: expect.stringMatching(/is not an ACP agent registry/) });
  });
});
