/**
 * Test support: an ACP adapter bound to a temporary workspace (with a protected data folder
 * inside it, as Baton's is) and started on the fake agent (fake-acp-agent.ts) or any other
 * command, with the relay's log kept for assertions.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandSandbox } from '../../../process/command-sandbox';
import { Workspace } from '../../../workspace/workspace';
import type { AgentFactoryContext } from '../../agent-factory';
import { ApprovalPolicy } from '../../../guard/approval-policy';
import type { ToolApprovalRule } from '../../../guard/agent-config';
import { AcpAgent } from '../acp-agent';

export const TSX_URL = import.meta.resolve('tsx');
export const FAKE_ACP_AGENT = fileURLToPath(new URL('./fake-acp-agent.ts', import.meta.url));

export interface AcpHarness {
  agent: AcpAgent;
  root: string;
  dataFolder: string;
  logs: string[];
  /** Resolves with the first log line (past or future) that matches. */
  waitForLog(pattern: RegExp): Promise<RegExpMatchArray>;
  cleanUp(): Promise<void>;
}

export interface AcpHarnessOptions {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  relayEnv?: Record<string, string | undefined>;
  rules?: ToolApprovalRule[];
  /** The entry's `additionalDirectories` (config.json). */
  additionalDirectories?: string[];
  /** Reuse a workspace (a second agent, as after a relay restart). */
  root?: string;
  /** The relay's command sandbox, made for the harness's workspace and data folder; none when omitted. */
  sandbox?: (place: { root: string; dataFolder: string }) => Promise<CommandSandbox>;
}

export async function startAcpHarness(options: AcpHarnessOptions = {}): Promise<AcpHarness> {
  const root = options.root ?? (await mkdtemp(path.join(os.tmpdir(), 'baton-acp-')));
  const dataFolder = path.join(root, '.baton-data');
  await mkdir(dataFolder, { recursive: true });
  await writeFile(path.join(dataFolder, 'config.json'), '{"secret": true}\n');
  const logs: string[] = [];
  const watchers = new Set<(line: string) => void>();
  const waitForLog = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve) => {
      const seen = logs.map((line) => pattern.exec(line)).find(Boolean);
      if (seen) return resolve(seen);
      const watch = (line: string) => {
        const match = pattern.exec(line);
        if (match) {
          watchers.delete(watch);
          resolve(match);
        }
      };
      watchers.add(watch);
    });
  const context: AgentFactoryContext = {
    name: 'fake-acp',
    workspace: new Workspace(root, { protectedFolders: [dataFolder] }),
    env: options.relayEnv ?? { PATH: process.env.PATH, HOME: root, BATON_SECRET: 'relay-only' },
    policy: new ApprovalPolicy(options.rules ?? []),
    ...(options.sandbox ? { sandbox: await options.sandbox({ root, dataFolder }) } : {}),
    log: (message) => {
      logs.push(message);
      for (const watch of [...watchers]) watch(message);
    },
  };
  const agent = new AcpAgent(
    {
      kind: 'acp',
      command: options.command ?? process.execPath,
      args: options.args ?? ['--import', TSX_URL, FAKE_ACP_AGENT],
      env: options.env ?? {},
      passEnv: [],
      ...(options.additionalDirectories ? { additionalDirectories: options.additionalDirectories } : {}),
    },
    context,
  );
  return {
    agent,
    root,
    dataFolder,
    logs,
    waitForLog,
    async cleanUp() {
      await agent.close();
      if (!options.root) await rm(root, { recursive: true, force: true });
    },
  };
}
