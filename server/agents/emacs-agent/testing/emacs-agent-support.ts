/**
 * Test support: each test gets a fresh temporary workspace, a fake Emacs-Agent backend on
 * loopback (fake-emacs-agent-server.ts) and adapters talking to it, all closed after it.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { Workspace } from '../../../workspace/workspace';
import type { ToolApprovalRule } from '../../../guard/agent-config';
import { ApprovalPolicy } from '../../../guard/approval-policy';
import type { EmacsAgentEntry } from '../../agents-config';
import { EmacsAgentBackend, type EmacsAgentBackendOptions } from '../emacs-agent-backend';
import { type FakeEmacsAgent, type FakeEmacsAgentOptions, startFakeEmacsAgent } from './fake-emacs-agent-server';

export const TEST_AGENT_NAME = 'emacs';

/** Fast reconnects, and a stop grace that a test never waits out by accident. */
export const TEST_BACKEND_OPTIONS: EmacsAgentBackendOptions = {
  requestTimeoutMs: 5_000,
  stopGraceMs: 5_000,
  stream: { initialRetryMs: 20, maxRetryMs: 100, giveUpAfterMs: 1_000 },
};

export interface EmacsAgentFixture {
  workspaceRoot: string;
  fake: FakeEmacsAgent;
  logs: string[];
  /** A new adapter (a "relay" of its own) on the test's fake backend; closed after the test. */
  backend(options?: { rules?: ToolApprovalRule[]; entry?: Partial<EmacsAgentEntry> }): EmacsAgentBackend;
  /** Replaces the test's fake backend by one with these options. */
  restartFake(options: FakeEmacsAgentOptions): Promise<FakeEmacsAgent>;
}

export function useEmacsAgentFixture(): EmacsAgentFixture {
  const backends: EmacsAgentBackend[] = [];
  const fixture: EmacsAgentFixture = {
    workspaceRoot: '',
    fake: undefined as unknown as FakeEmacsAgent,
    logs: [],
    backend({ rules = [], entry = {} } = {}) {
      const backend = new EmacsAgentBackend(
        { kind: 'emacs-agent', url: fixture.fake.url, ...entry },
        {
          name: TEST_AGENT_NAME,
          workspace: new Workspace(fixture.workspaceRoot),
          env: {},
          policy: new ApprovalPolicy(rules),
          log: (message) => fixture.logs.push(message),
        },
        TEST_BACKEND_OPTIONS,
      );
      backends.push(backend);
      return backend;
    },
    async restartFake(options) {
      await fixture.fake.close();
      fixture.fake = await startFakeEmacsAgent(options);
      return fixture.fake;
    },
  };
  beforeEach(async () => {
    fixture.workspaceRoot = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-emacs-agent-')));
    fixture.fake = await startFakeEmacsAgent();
    fixture.logs = [];
  });
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((backend) => backend.close()));
    await fixture.fake.close();
    await rm(fixture.workspaceRoot, { recursive: true, force: true });
  });
  return fixture;
}

/** The text the user would read: every `text` content, joined. */
export function answerText(contents: readonly { type: string; text?: string }[]): string {
  return contents
    .filter((content) => content.type === 'text')
    .map((content) => content.text)
    .join('');
}
