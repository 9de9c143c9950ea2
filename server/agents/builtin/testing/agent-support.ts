/**
 * Test support for agent tests: a fixture that gives each test a fresh temporary workspace and
 * closes the agent and scripted model server the test started; and model scripts that answer with
 * the given replies in order, one per request (whatever the request says), then end each turn
 * with "Done.".
 */
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ModelScript, ScriptedReply } from '../../../demo-model/scripted-reply';
import { type ScriptedModelServer, startScriptedModelServer } from '../../../demo-model/scripted-model-server';
import { BuiltinAgent, type BuiltinAgentOptions } from '../builtin-agent';

export interface AgentFixtureOptions {
  /** Starts the temporary folder's name, so a leftover folder shows which test file made it. */
  prefix: string;
  /** Options every agent of the file starts from; those given to `agentAt` or `agentWith` win. */
  defaults?: () => Partial<BuiltinAgentOptions>;
  /** Fills each test's fresh workspace. */
  prepare?: (fixture: AgentFixture) => Promise<void>;
  /** Puts the workspace in a `ws` folder of the temporary folder, so a test can place files just outside it. */
  nestWorkspace?: boolean;
}

export interface AgentFixture {
  /** The temporary folder of the current test (the workspace, or its parent with `nestWorkspace`). */
  base: string;
  /** The current test's workspace, with symbolic links resolved. */
  workspaceRoot: string;
  /** The scripted model server of the current test, closed after it. */
  server: ScriptedModelServer | undefined;
  /** The agent of the current test, closed after it. */
  agent: BuiltinAgent | undefined;
  /** Makes the test's agent, talking to the model API at `baseURL`. */
  agentAt(baseURL: string, options?: Partial<BuiltinAgentOptions>): BuiltinAgent;
  /** Starts a scripted model server for the test and makes the test's agent talk to it. */
  agentWith(script: ModelScript, options?: Partial<BuiltinAgentOptions>): Promise<BuiltinAgent>;
}

/** Registers the hooks that make and clean up each test's workspace, agent and model server. */
export function useAgentFixture({ prefix, defaults, prepare, nestWorkspace = false }: AgentFixtureOptions): AgentFixture {
  const fixture: AgentFixture = {
    base: '',
    workspaceRoot: '',
    server: undefined,
    agent: undefined,
    agentAt(baseURL, options = {}) {
      fixture.agent = new BuiltinAgent({
        workspaceRoot: fixture.workspaceRoot,
        apiKey: 'test',
        baseURL,
        model: 'scripted',
        offlineDemo: false,
        ...defaults?.(),
        ...options,
      });
      return fixture.agent;
    },
    async agentWith(script, options = {}) {
      fixture.server = await startScriptedModelServer({ script });
      return fixture.agentAt(fixture.server.url, options);
    },
  };

  beforeEach(async () => {
    fixture.base = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
    fixture.workspaceRoot = nestWorkspace ? path.join(fixture.base, 'ws') : fixture.base;
    if (nestWorkspace) await mkdir(fixture.workspaceRoot);
    await prepare?.(fixture);
  });

  afterEach(async () => {
    await fixture.agent?.close();
    await fixture.server?.close();
    fixture.agent = fixture.server = undefined;
    await rm(fixture.base, { recursive: true, force: true });
  });

  return fixture;
}

export function scriptedSteps(...steps: ScriptedReply[]): ModelScript {
  let next = 0;
  return () => steps[next++] ?? say('Done.');
}

export function useTool(name: string, input: Record<string, unknown>): ScriptedReply {
  return { blocks: [{ type: 'tool_use', name, input }] };
}

export function say(text: string): ScriptedReply {
  return { blocks: [{ type: 'text', text }] };
}
