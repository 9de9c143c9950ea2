import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatCommandSchema } from '../../../lib/protocol/eca/chat-methods';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import { startScriptedModelServer } from '../../demo-model/scripted-model-server';
import { say, scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';
import { BuiltinAgent } from './builtin-agent';
import { createBuiltinAgentFromEnv } from './create-builtin-agent';
import { McpServerManager } from './mcp/mcp-server-manager';
import { EVERYTHING_BIN } from './mcp/testing/mcp-support';
import { ApprovalPolicy } from '../../guard/approval-policy';
import { contentOutline, createRecordingTurn, type RecordingTurnOptions } from '../../hub/testing/recording-turn';

let manager: McpServerManager;

beforeAll(async () => {
  manager = new McpServerManager({
    cwd: tmpdir(),
    servers: { everything: { command: EVERYTHING_BIN } },
    shutdownGraceMs: 500,
    toolCallTimeoutMs: 5_000,
  });
  await manager.start();
});
afterAll(() => manager.close());

const fixture = useAgentFixture({
  prefix: 'baton-agent-mcp-',
  defaults: () => ({ mcp: manager }),
  prepare: ({ workspaceRoot }) => writeFile(path.join(workspaceRoot, 'README.md'), '# Sample\n'),
});

async function turn(options: RecordingTurnOptions) {
  const recording = createRecordingTurn({ decide: () => 'approved', ...options });
  await fixture.agent?.runTurn(recording.turn);
  return recording;
}

function answerText(recording: Awaited<ReturnType<typeof turn>>): string {
  return recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
}

function lastUserText(): string {
  const blocks = contentBlocks(fixture.server?.requests.at(-1)?.messages.at(-1) as RequestMessage);
  return blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

describe('MCP tools in a turn', () => {
  it('asks before calling one, and reports it with origin mcp and its server', async () => {
    await fixture.agentWith(scriptedSteps(useTool('everything__echo', { message: 'hello' })));
    const recording = await turn({ message: 'Echo' });

    expect(recording.approvalsAsked).toHaveLength(1);
    const run = recording.contents.find((content) => content.type === 'toolCallRun');
    expect(run).toMatchObject({
      origin: 'mcp',
      server: 'everything',
      name: 'everything__echo',
      manualApproval: true,
      summary: 'Calling echo on MCP server everything',
    });
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      origin: 'mcp',
      server: 'everything',
      error: false,
      outputs: [{ type: 'text', text: 'Echo: hello' }],
    });
    expect(contentBlocks(fixture.server?.requests[1]?.messages.at(-1) as RequestMessage)).toEqual([
      { type: 'tool_result', tool_use_id: expect.any(String), content: 'Echo: hello' },
    ]);
  });

  it('reports a result the server marks as an error as a failed call', async () => {
    await fixture.agentWith(scriptedSteps(useTool('everything__echo', {})));
    const recording = await turn({ message: 'Echo nothing' });
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: true,
      outputs: [{ text: expect.stringContaining('Invalid arguments') }],
    });
    expect(contentBlocks(fixture.server?.requests[1]?.messages.at(-1) as RequestMessage)[0]).toMatchObject({ is_error: true });
  });

  it('goes through the approval policy under its prefixed name', async () => {
    await fixture.agentWith(scriptedSteps(useTool('everything__echo', { message: 'x' })), {
      approvalPolicy: new ApprovalPolicy([{ tool: 'everything__echo', decision: 'deny' }]),
    });
    const recording = await turn({ message: 'Echo' });
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({
      origin: 'mcp',
      server: 'everything',
      reason: 'user-config',
    });
  });

  it('is offered in agent mode but not in plan mode, which offers only tools that read', async () => {
    await fixture.agentWith(scriptedSteps(say('a'), say('b')));
    await turn({ message: 'Agent' });
    await turn({ message: 'Plan', behavior: 'plan' });
    const offered = (index: number) => fixture.server?.requests[index]?.tools?.map((tool) => tool.name) ?? [];
    expect(offered(0)).toContain('everything__echo');
    expect(offered(1).some((name) => name.startsWith('everything__'))).toBe(false);
  });

  it('is offered by an agent made from the environment with the servers passed in', async () => {
    fixture.server = await startScriptedModelServer({ script: scriptedSteps(say('ok')) });
    fixture.agent = await createBuiltinAgentFromEnv({
      workspaceRoot: fixture.workspaceRoot,
      env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: fixture.server.url, BATON_MODEL: 'scripted' },
      mcp: manager,
    });
    await turn({ message: 'Hi' });
    expect(fixture.server.requests[0]?.tools?.map((tool) => tool.name)).toContain('everything__get-sum');
    expect((await fixture.agent.listCommands()).map((command) => command.name)).toContain('everything:simple-prompt');
  });
});

describe('/ commands', () => {
  it('lists the native commands, then the MCP prompts with how to give their arguments', async () => {
    await fixture.agentWith(scriptedSteps());
    const commands = (await fixture.agent?.listCommands()) ?? [];
    expect(commands.slice(0, 2).map((command) => [command.name, command.type])).toEqual([
      ['costs', 'native'],
      ['repo-map', 'native'],
    ]);
    expect(commands).toContainEqual({
      name: 'everything:args-prompt',
      type: 'mcp-prompt',
      description: expect.stringContaining('Arguments: name=value, or values in the order city [state]'),
      arguments: [
        { name: 'city', description: 'Name of the city', required: true },
        { name: 'state', required: false },
      ],
    });
    for (const command of commands) expect(ChatCommandSchema.parse(command)).toEqual(command);

    const withoutMcp = new BuiltinAgent({ workspaceRoot: fixture.workspaceRoot, apiKey: 'test', model: 'scripted', offlineDemo: false });
    expect((await withoutMcp.listCommands()).map((command) => command.name)).toEqual(['costs', 'repo-map']);
    await withoutMcp.close();
  });

  it('answers /repo-map and /costs itself, without asking the model', async () => {
    await fixture.agentWith(scriptedSteps(say('one two')), { model: 'claude-haiku-4-5' });
    const map = await turn({ message: '/repo-map' });
    expect(answerText(map)).toBe('The workspace:\n\n```\n./\nREADME.md\n```');
    expect(contentOutline(map.contents)).toEqual(['text']);
    const before = await turn({ message: '/costs' });
    expect(answerText(before)).toBe('No model requests in this thread yet (counted since the relay started).');
    expect(fixture.server?.requests).toHaveLength(0);

    const talk = await turn({ message: 'Hello' });
    const usage = talk.contents.at(-1);
    const after = await turn({ message: '/costs' });
    expect(usage?.type).toBe('usage');
    const tokens = usage?.type === 'usage' ? usage.sessionTokens : 0;
    expect(answerText(after)).toContain(`- ${tokens.toLocaleString('en-US')} tokens: `);
    expect(answerText(after)).toContain(`- cost: ${usage?.type === 'usage' ? usage.sessionCost : ''}`);
  });

  it('expands an MCP prompt with positional or named arguments and sends it to the model', async () => {
    await fixture.agentWith(scriptedSteps(say('a'), say('b'), say('c')));
    await turn({ message: '/everything:args-prompt Lisbon Portugal' });
    expect(lastUserText()).toMatch(/Lisbon.*Portugal/);
    await turn({ message: '/everything:args-prompt state=Texas city="San Antonio"' });
    expect(lastUserText()).toMatch(/San Antonio.*Texas/);
    await turn({ message: '/everything:simple-prompt and be brief' });
    expect(lastUserText()).toMatch(/\n\nand be brief$/);
  });

  it('says which arguments are missing instead of asking the model', async () => {
    await fixture.agentWith(scriptedSteps());
    const recording = await turn({ message: '/everything:args-prompt' });
    expect(answerText(recording)).toBe(
      '`/everything:args-prompt` needs `city`. Arguments: name=value, or values in the order city [state] (the last takes the rest; quote a value with spaces).',
    );
    expect(fixture.server?.requests).toHaveLength(0);
  });

  it('sends a message that names no command to the model as typed', async () => {
    await fixture.agentWith(scriptedSteps(say('a'), say('b')));
    await turn({ message: '/tmp is full' });
    expect(lastUserText()).toBe('/tmp is full');
    await turn({ message: '/absent:prompt x' });
    expect(lastUserText()).toBe('/absent:prompt x');
  });
});
