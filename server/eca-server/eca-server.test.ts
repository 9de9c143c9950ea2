/**
 * `baton eca-server` as an editor meets it: a real child process on stdio, a scripted model behind
 * ANTHROPIC_BASE_URL, and a full turn with a tool approval (specs/eca-protocol-v2.md,
 * "Chat: tool call").
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatContent } from '../../lib/protocol/eca-chat';
import type { ConfigUpdatedParams } from '../../lib/protocol/eca/config';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import { DEFAULT_MODEL } from '../agents/builtin/create-builtin-agent';
import { callToolsThenSay, expectCleanExit, linkToProcess, TestEditor, useEcaServerProcess } from './testing/eca-server-support';

const FILE_TEXT = 'Written through the ECA server.\n';
const FINAL_TEXT = 'The file hello.txt is in place.';

/** First a write_file call; once the model has the tool's result, a sentence. */
const writeThenAnswer = callToolsThenSay([{ name: 'write_file', input: { path: 'hello.txt', content: FILE_TEXT } }], FINAL_TEXT);

const fixture = useEcaServerProcess(writeThenAnswer);

/** initialize, initialized, and a prompt that leads to a write_file call waiting for approval. */
async function promptUntilApprovalAsked(editor: TestEditor) {
  expect(await editor.start(fixture.folders.workspace)).toMatchObject({ chatDefaultModel: DEFAULT_MODEL, chatDefaultBehavior: 'agent' });
  const prompt = await editor.connection.request('chat/prompt', { message: 'Please write hello.txt' });
  expect(prompt).toEqual({ chatId: expect.any(String), model: DEFAULT_MODEL, status: 'prompting' });
  const run = await editor.content(prompt.chatId, 'toolCallRun');
  return { chatId: prompt.chatId, run };
}

function typesOf(editor: TestEditor, chatId: string): ChatContent['type'][] {
  return editor.contents.filter((params) => params.chatId === chatId).map((params) => params.content.type);
}

describe('baton eca-server', () => {
  it('announces its models and native tools once initialized', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    await editor.start(fixture.folders.workspace);

    const config = (await editor.notification('config/updated')) as ConfigUpdatedParams;
    expect(config.chat).toMatchObject({
      models: expect.arrayContaining([DEFAULT_MODEL]),
      behaviors: ['agent', 'plan'],
      selectModel: DEFAULT_MODEL,
      selectBehavior: 'agent',
    });
    expect(config.chat?.welcomeMessage).not.toMatch(/offline demo/);
    // Exactly v2: Baton's own extension of config/updated is not sent to an editor.
    expect(Object.keys(config)).toEqual(['chat']);

    const tools = (await editor.notification('tool/serverUpdated')) as ToolServerUpdatedParams;
    expect(tools).toMatchObject({ type: 'native', name: 'ECA', status: 'running' });
    const names = tools.tools?.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['read_file', 'write_file', 'edit_file', 'shell_command']));
    const writeFile = tools.tools?.find((tool) => tool.name === 'write_file');
    expect(writeFile?.description).toMatch(/file/i);
    expect(writeFile?.parameters).toMatchObject({ type: 'object', properties: { path: {}, content: {} } });

    await expectCleanExit(editor, fixture.server);
  });

  it('runs a turn whose file change the editor approves', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    const { chatId, run } = await promptUntilApprovalAsked(editor);
    expect(run).toMatchObject({
      origin: 'native',
      name: 'write_file',
      server: 'ECA',
      manualApproval: true,
      arguments: { path: 'hello.txt', content: FILE_TEXT },
      details: { type: 'fileChange', path: 'hello.txt', linesAdded: 1, linesRemoved: 0 },
    });
    expect(existsSync(path.join(fixture.folders.workspace, 'hello.txt'))).toBe(false);

    editor.connection.notify('chat/toolCallApprove', { chatId, toolCallId: run.id });
    const called = await editor.content(chatId, 'toolCalled');
    expect(called).toMatchObject({ id: run.id, error: false, server: 'ECA' });
    expect(await readFile(path.join(fixture.folders.workspace, 'hello.txt'), 'utf8')).toBe(FILE_TEXT);
    await editor.content(chatId, 'progress', (content) => content.state === 'finished');

    const text = editor.contents
      .filter((params) => params.chatId === chatId && params.role === 'assistant' && params.content.type === 'text')
      .map((params) => (params.content.type === 'text' ? params.content.text : ''))
      .join('');
    expect(text).toBe(FINAL_TEXT);
    const types = typesOf(editor, chatId);
    expect(types.slice(0, 2)).toEqual(['text', 'progress']);
    expect(types.indexOf('toolCallRun')).toBeLessThan(types.indexOf('toolCallRunning'));
    expect(types.indexOf('toolCallRunning')).toBeLessThan(types.indexOf('toolCalled'));
    expect(types.at(-1)).toBe('progress');
    // The model was given the tool's result.
    expect(fixture.model?.requests).toHaveLength(2);

    // Exactly v2 on the wire: {chatId, role, content} and no `seq`.
    const onWire = editor.notifications.filter((item) => item.method === 'chat/contentReceived');
    expect(onWire.length).toBe(editor.contents.length);
    for (const { params } of onWire) expect(Object.keys(params as object).sort()).toEqual(['chatId', 'content', 'role']);

    await expectCleanExit(editor, fixture.server);
  });

  it('leaves the file alone when the editor rejects the call, and tells the model', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    const { chatId, run } = await promptUntilApprovalAsked(editor);

    editor.connection.notify('chat/toolCallReject', { chatId, toolCallId: run.id });
    const rejected = await editor.content(chatId, 'toolCallRejected');
    expect(rejected).toMatchObject({ id: run.id, reason: 'user-choice', server: 'ECA' });
    await editor.content(chatId, 'progress', (content) => content.state === 'finished');

    expect(existsSync(path.join(fixture.folders.workspace, 'hello.txt'))).toBe(false);
    expect(typesOf(editor, chatId)).not.toContain('toolCalled');
    const toolResult = fixture.model?.requests[1]?.messages.at(-1);
    expect(JSON.stringify(toolResult)).toMatch(/"is_error":true/);

    await expectCleanExit(editor, fixture.server);
  });
});
