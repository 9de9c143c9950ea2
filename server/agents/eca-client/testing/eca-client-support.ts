/**
 * For the ECA client's tests: a fresh workspace per test, the adapter built as the registry
 * builds it (through the factory), with the fake ECA server (fake-eca-server.ts) or any other
 * command, and bounded waits that say what they waited for and show the log.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import type { ToolApprovalRule } from '../../../guard/agent-config';
import { ApprovalPolicy } from '../../../guard/approval-policy';
import { Workspace } from '../../../workspace/workspace';
import type { AgentEntry } from '../../agents-config';
import type { EcaClientBackend } from '../eca-client-backend';
import { createEcaClientAgent } from '../index';

export const FAKE_ECA_SERVER = fileURLToPath(new URL('./fake-eca-server.ts', import.meta.url));
const TSX_URL = import.meta.resolve('tsx');

/** Generous: the first start compiles TypeScript on a busy machine. Only a hang should reach it. */
export const WAIT_LIMIT_MS = 25_000;

type EcaEntry = Extract<AgentEntry, { kind: 'eca' }>;

export function fakeServerEntry(extraArgs: string[] = []): EcaEntry {
  return { kind: 'eca', command: process.execPath, args: ['--import', TSX_URL, FAKE_ECA_SERVER, ...extraArgs], env: {}, passEnv: [] };
}

export interface EcaClientFixture {
  workspaceRoot: string;
  logs: string[];
  /** The adapter of the current test, closed after it. */
  backend(entry?: EcaEntry, options?: { rules?: ToolApprovalRule[]; env?: Record<string, string> }): EcaClientBackend;
  /** Resolves once `found` returns something, or fails naming `what` with the log. */
  until<T>(found: () => T | undefined | false, what: string): Promise<T>;
}

export function useEcaClient(prefix = 'baton-eca-client-'): EcaClientFixture {
  const made: EcaClientBackend[] = [];
  const fixture: EcaClientFixture = {
    workspaceRoot: '',
    logs: [],
    backend(entry = fakeServerEntry(), options = {}) {
      const backend = createEcaClientAgent(entry, {
        name: 'fake-eca',
        workspace: new Workspace(fixture.workspaceRoot),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
        policy: new ApprovalPolicy(options.rules ?? []),
        log: (message) => fixture.logs.push(message),
      }) as EcaClientBackend;
      made.push(backend);
      return backend;
    },
    async until(found, what) {
      const deadline = Date.now() + WAIT_LIMIT_MS;
      for (;;) {
        const value = found();
        if (value !== undefined && value !== false) return value;
        if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.\nLog:\n${fixture.logs.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
  beforeEach(async () => {
    fixture.workspaceRoot = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
    fixture.logs = [];
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((backend) => backend.close()));
    await rm(fixture.workspaceRoot, { recursive: true, force: true });
  });
  return fixture;
}

/** The text the turn's contents say, joined. */
export function spokenText(contents: readonly { type: string; text?: string }[]): string {
  return contents
    .filter((content) => content.type === 'text')
    .map((content) => content.text)
    .join('');
}
