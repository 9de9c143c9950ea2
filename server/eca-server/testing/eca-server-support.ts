/**
 * For the ECA server's tests: `baton eca-server` as a real child process (or the server in this
 * process on in-memory pipes), with a test editor (eca-editor.ts) on its stdin and stdout, and
 * model scripts.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, expect } from 'vitest';
import type { MessagesRequest } from '../../demo-model/messages-request';
import { startScriptedModelServer, type ScriptedModelServer } from '../../demo-model/scripted-model-server';
import type { ModelScript } from '../../demo-model/scripted-reply';
import { PROJECT_ROOT } from '../../relay/project-root';
import { runEcaServer, type EcaServerOptions, type RunningEcaServer } from '../eca-server';
import { TestEditor, within, type EditorLink } from './eca-editor';

export { TestEditor, within } from './eca-editor';

const BATON_BIN = path.join(PROJECT_ROOT, 'bin', 'baton.mjs');

export interface TestFolders {
  workspace: string;
  dataDir: string;
  remove(): Promise<void>;
}

export async function makeTestFolders(): Promise<TestFolders> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'baton-eca-server-'));
  const workspace = path.join(root, 'workspace');
  await mkdir(workspace);
  return {
    workspace,
    dataDir: path.join(root, 'data'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** The child's whole environment: what Node needs, plus the model settings a test gives. */
export function serverEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { ...extra };
  for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything the server wrote to stderr (its log), for failure messages. */
  stderr(): string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Makes sure the process is gone: a test that failed half-way must not leave it running. */
  kill(): Promise<void>;
}

export function spawnEcaServer(folders: TestFolders, env: Record<string, string>): ServerProcess {
  const child = spawn(
    process.execPath,
    [BATON_BIN, 'eca-server', '--workspace', folders.workspace, '--data-dir', folders.dataDir],
    // Next.js's typings make NODE_ENV required on ProcessEnv; a child's environment needs no such thing.
    { cwd: folders.workspace, env: { ...env } as NodeJS.ProcessEnv, shell: false, stdio: 'pipe' },
  );
  let log = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    log += text;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stderr: () => log,
    exited,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export function linkToProcess(server: ServerProcess): EditorLink {
  return {
    fromServer: server.child.stdout,
    toServer: server.child.stdin,
    log: server.stderr,
    hasEnded: () => server.child.exitCode !== null || server.child.signalCode !== null,
  };
}

export interface EcaServerProcessFixture {
  folders: TestFolders;
  /** The scripted model behind ANTHROPIC_BASE_URL; undefined without a script (the offline demo model answers). */
  model: ScriptedModelServer | undefined;
  server: ServerProcess;
}

/**
 * Registers the hooks that give each test `baton eca-server` as a child process in fresh folders,
 * talking to a scripted model when given `modelScript`, and take it all down after the test.
 */
export function useEcaServerProcess(modelScript?: ModelScript): EcaServerProcessFixture {
  const fixture = {} as EcaServerProcessFixture;
  beforeEach(async () => {
    fixture.folders = await makeTestFolders();
    fixture.model = modelScript ? await startScriptedModelServer({ script: modelScript }) : undefined;
    const modelSettings: Record<string, string> = fixture.model ? { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: fixture.model.url } : {};
    fixture.server = spawnEcaServer(fixture.folders, serverEnvironment(modelSettings));
  });
  afterEach(async () => {
    await fixture.server.kill();
    await fixture.model?.close();
    await fixture.folders.remove();
  });
  return fixture;
}

/** shutdown answers null, exit ends the process with 0. */
export async function expectCleanExit(editor: TestEditor, server: ServerProcess): Promise<void> {
  expect(await editor.shutdownAndExit()).toBeNull();
  expect(await within(server.exited, 'the server to exit', server.stderr)).toBe(0);
  // stdout carried protocol messages and nothing else.
  expect(editor.framingErrors).toEqual([]);
}

export interface InProcessServer {
  server: RunningEcaServer;
  editor: TestEditor;
  logs: string[];
}

/** The server in this process on a pair of in-memory pipes: for what needs no real process. */
export function startEcaServerInProcess(options: Omit<EcaServerOptions, 'input' | 'output' | 'log'>): InProcessServer {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const logs: string[] = [];
  const server = runEcaServer({ ...options, input: toServer, output: fromServer, log: (message) => logs.push(message) });
  let ended = false;
  void server.exitCode.then(() => {
    ended = true;
  });
  const editor = new TestEditor({ fromServer, toServer, log: () => logs.join('\n'), hasEnded: () => ended });
  return { server, editor, logs };
}

/** How many tool results the model has been given so far in this conversation. */
function toolResultsIn(request: MessagesRequest): number {
  let count = 0;
  for (const message of request.messages) {
    if (Array.isArray(message.content)) count += message.content.filter((block) => block.type === 'tool_result').length;
  }
  return count;
}

/** A model that makes these tool calls one per answer, each after the last one's result, then says `finalText`. */
export function callToolsThenSay(toolCalls: readonly { name: string; input: Record<string, unknown> }[], finalText: string): ModelScript {
  return (request) => {
    const next = toolCalls[toolResultsIn(request)];
    return next ? { blocks: [{ type: 'tool_use', name: next.name, input: next.input }] } : { blocks: [{ type: 'text', text: finalText }] };
  };
}
