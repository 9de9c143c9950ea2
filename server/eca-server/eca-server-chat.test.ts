/**
 * The `chat/*` methods beyond one approved call (specs/eca-protocol-v2.md, "Code Assistant
 * Features"): behaviours, `save: 'session'`, Stop, delete, and what a prompt is refused for. The
 * server runs in this process on in-memory pipes, with a scripted model behind the real SDK.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessagesRequest } from '../demo-model/messages-request';
import { DEFAULT_MODEL } from '../agents/builtin/create-builtin-agent';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import type { ModelScript } from '../demo-model/scripted-reply';
import {
  callToolsThenSay,
  makeTestFolders,
  startEcaServerInProcess,
  type InProcessServer,
  type TestFolders,
} from './testing/eca-server-support';

const writeFileCall = (file: string) => ({ name: 'write_file', input: { path: file, content: `${file}\n` } });

let folders: TestFolders;
let model: ScriptedModelServer;
let script: ModelScript;
let running: InProcessServer;

beforeEach(async () => {
  folders = await makeTestFolders();
  script = callToolsThenSay([], 'Fine.');
  model = await startScriptedModelServer({ script: (request, context) => script(request, context) });
  running = startEcaServerInProcess({
    workspaceRoot: folders.workspace,
    dataDir: folders.dataDir,
    env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: model.url },
  });
  await running.editor.start(folders.workspace);
});

afterEach(async () => {
  await running.server.stop();
  await model.close();
  await folders.remove();
});

function toolNames(request: MessagesRequest | undefined): string[] {
  const tools = (request as { tools?: { name: string }[] } | undefined)?.tools ?? [];
  return tools.map((tool) => tool.name);
}

async function promptAndFinish(params: { message: string; chatId?: string; behavior?: 'agent' | 'plan' }): Promise<string> {
  const since = running.editor.contents.length;
  const { chatId } = await running.editor.connection.request('chat/prompt', params);
  await running.editor.content(chatId, 'progress', (content) => content.state === 'finished', since);
  return chatId;
}

describe('the ECA server chat methods', () => {
  it('offers only the tools that read once the editor selects plan, unless a prompt asks for agent', async () => {
    const { editor } = running;
    editor.connection.notify('chat/selectedBehaviorChanged', { behavior: 'plan' });
    const chatId = await promptAndFinish({ message: 'Plan something' });
    expect(toolNames(model.requests[0])).toContain('read_file');
    expect(toolNames(model.requests[0])).not.toContain('write_file');

    await promptAndFinish({ chatId, message: 'Now do it', behavior: 'agent' });
    expect(model.requests).toHaveLength(2);
    expect(toolNames(model.requests[1])).toContain('write_file');
  });

  it('asks once for a tool approved with save: session, and not again in that chat', async () => {
    const { editor } = running;
    script = callToolsThenSay([writeFileCall('first.txt'), writeFileCall('second.txt')], 'Both written.');
    const { chatId } = await editor.connection.request('chat/prompt', { message: 'Write two files' });
    const first = await editor.content(chatId, 'toolCallRun');
    expect(first.manualApproval).toBe(true);

    editor.connection.notify('chat/toolCallApprove', { chatId, toolCallId: first.id, save: 'session' });
    const second = await editor.content(chatId, 'toolCallRun', (content) => content.id !== first.id);
    expect(second.manualApproval).toBe(false);
    await editor.content(chatId, 'progress', (content) => content.state === 'finished');
    expect(existsSync(path.join(folders.workspace, 'first.txt'))).toBe(true);
    expect(existsSync(path.join(folders.workspace, 'second.txt'))).toBe(true);
  });

  it('ends a turn waiting for approval on chat/promptStop; a prompt sent meanwhile runs once the turn has ended', async () => {
    const { editor } = running;
    script = callToolsThenSay([writeFileCall('stopped.txt')], 'Not reached.');
    const { chatId } = await editor.connection.request('chat/prompt', { message: 'Write a file' });
    await editor.content(chatId, 'toolCallRun');
    // No editor handles an error answer to chat/prompt: the prompt waits for the turn instead.
    expect(await editor.connection.request('chat/prompt', { chatId, message: 'Another' })).toMatchObject({ chatId, status: 'prompting' });

    editor.connection.notify('chat/promptStop', { chatId });
    const firstEnd = await editor.content(chatId, 'progress', (content) => content.state === 'finished');
    const since = editor.contents.findIndex((params) => params.content === firstEnd) + 1;
    script = callToolsThenSay([], 'Fine.');
    await editor.content(chatId, 'text', (content) => content.text === 'Another', since);
    await editor.content(chatId, 'progress', (content) => content.state === 'finished', since);
    expect(existsSync(path.join(folders.workspace, 'stopped.txt'))).toBe(false);
    expect(model.requests).toHaveLength(2);
  });

  it('deletes a chat and says so; a prompt with its id then starts a new, empty chat', async () => {
    const { editor } = running;
    const chatId = await promptAndFinish({ message: 'Hello' });
    expect(await editor.connection.request('chat/delete', { chatId })).toEqual({});
    expect(await editor.notification('chat/deleted')).toEqual({ chatId });

    await promptAndFinish({ chatId, message: 'Still there?' });
    // The model was not told about the deleted chat's "Hello".
    expect(JSON.stringify(model.requests[1]?.messages)).not.toContain('Hello');
    expect(await editor.connection.request('chat/delete', {})).toEqual({});
  });

  it('uses the model a prompt picks among those config/updated offers', async () => {
    const config = (await running.editor.notification('config/updated')) as { chat: { models: string[]; selectModel: string } };
    const other = config.chat.models.find((name) => name !== config.chat.selectModel) ?? config.chat.selectModel;
    const answer = await running.editor.connection.request('chat/prompt', { message: 'Hi', model: other });
    expect(answer.model).toBe(other);
    await running.editor.content(answer.chatId, 'progress', (content) => content.state === 'finished');
    expect(model.requests[0]?.model).toBe(other);
  });

  it('lists the commands of the agent, narrowed by the query', async () => {
    const { connection } = running.editor;
    const { commands } = await connection.request('chat/queryCommands', { query: '' });
    const first = commands[0];
    if (first) {
      const { commands: narrowed } = await connection.request('chat/queryCommands', { query: first.name.toUpperCase() });
      expect(narrowed).toContainEqual(first);
      for (const command of narrowed) expect(command.name.toLowerCase()).toContain(first.name.toLowerCase());
    }
    expect(await connection.request('chat/queryCommands', { query: 'no-command-has-this-name' })).toEqual({ commands: [] });
  });

  it('answers with the model it uses when a prompt names one it does not offer', async () => {
    const answer = await running.editor.connection.request('chat/prompt', { message: 'Hi', model: 'no-such-model' });
    expect(answer).toMatchObject({ model: DEFAULT_MODEL, status: 'prompting' });
    await running.editor.content(answer.chatId, 'progress', (content) => content.state === 'finished');
    expect(model.requests[0]?.model).toBe(DEFAULT_MODEL);
  });
});
