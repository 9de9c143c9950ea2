import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import type { ScriptedReply } from '../../demo-model/scripted-reply';
import type { ApprovalDecision } from '../agent-backend';
import { say, scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';
import { CONFIG_REJECTED_TOOL_RESULT } from './anthropic-mapper';
import type { BuiltinAgentOptions } from './builtin-agent';
import type { ToolApprovalRule } from '../../guard/agent-config';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { contentOutline, createRecordingTurn, type RecordingTurnOptions } from '../../hub/testing/recording-turn';
import { defineTool } from './tools/builtin-tool';

const fixture = useAgentFixture({ prefix: 'baton-policy-' });

function start(steps: ScriptedReply[], options: Partial<BuiltinAgentOptions> & { rules?: ToolApprovalRule[] } = {}) {
  return fixture.agentWith(scriptedSteps(...steps), { approvalPolicy: new ApprovalPolicy(options.rules ?? []), ...options });
}

async function turn(options: RecordingTurnOptions) {
  const recording = createRecordingTurn(options);
  await fixture.agent?.runTurn(recording.turn);
  return recording;
}

const exists = (relative: string) =>
  stat(path.join(fixture.workspaceRoot, relative)).then(
    () => true,
    () => false,
  );

function toolResults(): unknown[] {
  return (fixture.server?.requests ?? []).flatMap((request) =>
    contentBlocks(request.messages.at(-1) as RequestMessage).filter((block) => block.type === 'tool_result'),
  );
}

describe('the approval policy in a turn', () => {
  it('refuses a denied call without asking, records why, and tells the model', async () => {
    await start([useTool('write_file', { path: 'a.md', content: 'x' }), say('Understood.')], {
      rules: [{ tool: 'write_file', decision: 'deny' }],
    });
    const recording = await turn({ message: 'Write', decide: () => 'approved' });
    expect(recording.approvalsAsked).toEqual([]);
    expect(contentOutline(recording.contents)).toEqual(['toolCallPrepare:write_file', 'toolCallRejected:write_file', 'text', 'usage']);
    expect(recording.entries().find((entry) => entry.type === 'toolCall')).toMatchObject({
      status: 'rejected',
      reason: 'user-config',
      arguments: { path: 'a.md', content: 'x' },
    });
    expect(toolResults()).toEqual([
      expect.objectContaining({ is_error: true, content: `${CONFIG_REJECTED_TOOL_RESULT} The rule: deny write_file.` }),
    ]);
    expect(await exists('a.md')).toBe(false);
  });

  it('runs an allowed command without asking, and asks when the command could do more', async () => {
    await start([useTool('shell_command', { command: 'echo hi' }), useTool('shell_command', { command: 'echo hi; touch pwned' })], {
      rules: [{ tool: 'shell_command', decision: 'allow', when: { argument: 'command', startsWith: 'echo ' } }],
    });
    const recording = await turn({ message: 'Run', decide: () => 'rejected' });
    const runs = recording.contents.filter((content) => content.type === 'toolCallRun');
    expect(runs.map((run) => run.type === 'toolCallRun' && [run.manualApproval, run.summary])).toEqual([
      [false, 'Running echo hi (allowed by your config)'],
      [true, 'Running echo hi; touch pwned'],
    ]);
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: false,
      outputs: [{ text: 'hi\n\nExit code 0.' }],
    });
    expect(recording.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({ reason: 'user-choice' });
    expect(await exists('pwned')).toBe(false);
  });

  it('lets a deny rule win over an allow rule for the same call', async () => {
    await start([useTool('shell_command', { command: 'rm -rf build' })], {
      rules: [
        { tool: 'shell_command', decision: 'allow' },
        { tool: 'shell_command', decision: 'deny', when: { argument: 'command', matches: '\\brm\\b' } },
      ],
    });
    const recording = await turn({ message: 'Clean', decide: () => 'approved' });
    expect(recording.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({ reason: 'user-config' });
    expect(toolResults()).toEqual([
      expect.objectContaining({ content: expect.stringContaining('deny shell_command when command matches /\\brm\\b/') }),
    ]);
  });
});

describe('approve for this session', () => {
  const writes = [
    useTool('write_file', { path: 'one.md', content: '1\n' }),
    say('One.'),
    useTool('write_file', { path: 'two.md', content: '2\n' }),
    say('Two.'),
    useTool('write_file', { path: 'three.md', content: '3\n' }),
    say('Three.'),
  ];

  it('stops asking for that tool in that thread, and only there', async () => {
    await start(writes);
    const decisions: ApprovalDecision[] = [];
    const decide = (decision: ApprovalDecision) => () => {
      decisions.push(decision);
      return decision;
    };
    const first = await turn({ message: 'One', threadId: 'a', decide: decide('approved-for-session') });
    const second = await turn({ message: 'Two', threadId: 'a', history: first.entries(), decide: decide('rejected') });
    const elsewhere = await turn({ message: 'Three', threadId: 'b', decide: decide('rejected') });

    expect(decisions).toEqual(['approved-for-session', 'rejected']);
    // The card says why the later call did not ask; the first says so once the user chose it.
    expect(first.entries().find((entry) => entry.type === 'toolCall')).toMatchObject({
      status: 'succeeded',
      summary: 'Creating one.md (approved for this session)',
    });
    expect(second.approvalsAsked).toEqual([]);
    expect(second.contents.find((content) => content.type === 'toolCallRun')).toMatchObject({
      manualApproval: false,
      summary: 'Creating two.md (approved for this session)',
    });
    expect(await readFile(path.join(fixture.workspaceRoot, 'two.md'), 'utf8')).toBe('2\n');
    expect(elsewhere.approvalsAsked).toHaveLength(1);
    expect(await exists('three.md')).toBe(false);
  });

  it('never lets a quoted rm past a deny rule on rm, after the shell tool was approved for the session', async () => {
    await writeFile(path.join(fixture.workspaceRoot, 'victim.txt'), 'keep me\n');
    await start(
      [
        useTool('shell_command', { command: 'echo first' }),
        say('One.'),
        useTool('shell_command', { command: "r''m -f victim.txt" }),
        say('Two.'),
      ],
      {
        rules: [{ tool: 'shell_command', decision: 'deny', when: { argument: 'command', matches: '\\brm\\b' } }],
      },
    );
    const first = await turn({ message: 'One', threadId: 'a', decide: () => 'approved-for-session' });
    const second = await turn({ message: 'Two', threadId: 'a', history: first.entries(), decide: () => 'approved' });
    expect(second.approvalsAsked).toEqual([]);
    expect(second.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({ reason: 'user-config' });
    expect(await readFile(path.join(fixture.workspaceRoot, 'victim.txt'), 'utf8')).toBe('keep me\n');
  });

  it('never overrides a deny', async () => {
    await start(writes.slice(0, 2), { rules: [{ tool: 'write_file', decision: 'deny', when: { argument: 'path', equals: 'one.md' } }] });
    const recording = await turn({ message: 'One', decide: () => 'approved-for-session' });
    expect(recording.approvalsAsked).toEqual([]);
    expect(await exists('one.md')).toBe(false);
  });
});

describe('behaviours', () => {
  it('offers only read-only tools in plan, and refuses a change asked for anyway', async () => {
    await start([useTool('write_file', { path: 'a.md', content: 'x' }), say('Planned.')]);
    const recording = await turn({ message: 'Plan it', behavior: 'plan', decide: () => 'approved' });
    expect(fixture.server?.requests[0]?.tools?.map((tool) => tool.name)).toEqual(['read_file', 'directory_tree', 'grep', 'glob']);
    expect(fixture.server?.requests[0]?.system).toContain('plan mode');
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: true,
      outputs: [{ text: expect.stringMatching(/^There is no tool named write_file in plan mode/) }],
    });
    expect(await exists('a.md')).toBe(false);
  });

  it('offers every tool in agent, the default', async () => {
    await start([say('Hello.')]);
    await turn({ message: 'Hi' });
    expect(fixture.server?.requests[0]?.tools).toHaveLength(8);
    expect(fixture.server?.requests[0]?.system).not.toContain('plan mode');
  });
});

describe('extra tools', () => {
  const echo = {
    ...defineTool({
      name: 'everything__echo',
      description: 'Echoes the message back (an MCP tool as the MCP client would adapt it).',
      inputSchema: z.object({ message: z.string() }),
      readOnly: false,
      async prepare({ message }) {
        return { summary: `Echo ${message}`, execute: async () => `Echo: ${message}` };
      },
    }),
    origin: 'mcp',
    server: 'everything',
  } as const;

  it('are offered, reported with their origin and server, and ask by default', async () => {
    await start([useTool('everything__echo', { message: 'hi' }), say('Echoed.')], { extraTools: () => [echo] });
    const recording = await turn({ message: 'Echo', decide: () => 'approved' });
    expect(fixture.server?.requests[0]?.tools?.at(-1)?.name).toBe('everything__echo');
    expect(recording.approvalsAsked).toHaveLength(1);
    for (const content of recording.contents.filter((candidate) => candidate.type.startsWith('toolCall'))) {
      expect(content).toMatchObject({ origin: 'mcp', server: 'everything', name: 'everything__echo' });
    }
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({ outputs: [{ text: 'Echo: hi' }] });
  });

  it('follow the config rules by their prefixed name', async () => {
    await start([useTool('everything__echo', { message: 'hi' })], {
      extraTools: () => [echo],
      rules: [{ tool: 'everything__echo', decision: 'allow' }],
    });
    const recording = await turn({ message: 'Echo' });
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.contents.find((content) => content.type === 'toolCallRun')).toMatchObject({ manualApproval: false });
  });
});
