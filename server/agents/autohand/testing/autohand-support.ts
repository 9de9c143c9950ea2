/**
 * Test support for the Autohand adapter: each test gets a fresh temporary workspace and an
 * adapter that runs the fake Autohand (fake-autohand.ts) as a real child process, in the
 * flavour asked for, with every message the fake received logged to a file the test can read.
 */
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import type { ChatContent } from '../../../../lib/protocol/eca-chat';
import type { ToolApprovalRule } from '../../../guard/agent-config';
import { ApprovalPolicy } from '../../../guard/approval-policy';
import { Workspace } from '../../../workspace/workspace';
import { AutohandAgent } from '../autohand-agent';
import type { Flavor } from './fake-autohand';

export const FAKE_AUTOHAND = fileURLToPath(new URL('./fake-autohand.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

/** The launch flags of each flavour, as a user's config would give them. */
export const FLAVOR_ARGS: Record<Flavor, string[]> = { observed: ['--mode', 'rpc'], reference: ['--rpc'] };

export interface AutohandFixture {
  workspaceRoot: string;
  logs: string[];
  /** Resolves with the first log line (past or future) that matches. */
  waitForLog(pattern: RegExp): Promise<RegExpMatchArray>;
  agent(options?: {
    flavor?: Flavor;
    rules?: ToolApprovalRule[];
    command?: string;
    env?: Record<string, string>;
    maxProcesses?: number;
  }): AutohandAgent;
  /** Every message the fake received, parsed. */
  received(): Promise<Array<Record<string, unknown>>>;
  /** The params of every request of that method the fake received. */
  sent(method: string): Promise<Array<Record<string, unknown>>>;
}

export function useAutohandFixture(): AutohandFixture {
  const agents: AutohandAgent[] = [];
  let logFile = '';
  const watchers = new Set<(line: string) => void>();
  const fixture: AutohandFixture = {
    workspaceRoot: '',
    logs: [],
    waitForLog: (pattern) =>
      new Promise((resolve) => {
        const seen = fixture.logs.map((line) => pattern.exec(line)).find(Boolean);
        if (seen) return resolve(seen);
        const watch = (line: string) => {
          const match = pattern.exec(line);
          if (!match) return;
          watchers.delete(watch);
          resolve(match);
        };
        watchers.add(watch);
      }),
    agent({ flavor = 'observed', rules = [], command = process.execPath, env = {}, maxProcesses } = {}) {
      const agent = new AutohandAgent(
        {
          kind: 'autohand',
          command,
          args: ['--import', TSX, FAKE_AUTOHAND, ...FLAVOR_ARGS[flavor]],
          env: { FAKE_AUTOHAND_LOG: logFile, ...env },
          passEnv: [],
          ...(maxProcesses === undefined ? {} : { maxProcesses }),
        },
        {
          name: 'autohand-test',
          workspace: new Workspace(fixture.workspaceRoot),
          env: process.env,
          policy: new ApprovalPolicy(rules),
          log: (message) => {
            fixture.logs.push(message);
            for (const watch of [...watchers]) watch(message);
          },
        },
      );
      agents.push(agent);
      return agent;
    },
    async received() {
      const text = await readFile(logFile, 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    async sent(method) {
      return (await fixture.received())
        .filter((message) => message.method === method)
        .map((message) => (message.params ?? {}) as Record<string, unknown>);
    },
  };
  beforeEach(async () => {
    fixture.workspaceRoot = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-autohand-')));
    logFile = path.join(tmpdir(), `${path.basename(fixture.workspaceRoot)}.log`);
    fixture.logs = [];
    watchers.clear();
  });
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((agent) => agent.close()));
    await rm(fixture.workspaceRoot, { recursive: true, force: true });
    await rm(logFile, { force: true });
  });
  return fixture;
}

/** The text the assistant wrote in a recording, joined. */
export function answerText(contents: readonly ChatContent[]): string {
  return contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
}
