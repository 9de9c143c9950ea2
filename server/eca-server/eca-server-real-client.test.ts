/**
 * `baton eca-server` driven as today's ECA editors drive it (real-client-editor.ts: nulls, a chat
 * id the editor makes up, the agents vocabulary, the welcome read from the answer to
 * `initialize`), through a whole session: streamed text and reasoning, approval and rejection,
 * Stop while a call waits, `@` and `/` completion, plan mode under both names, steer, rollback,
 * fork, clear, delete, shutdown. The server runs in this process with a scripted model behind the
 * real SDK; what is asserted is what the editor got on the wire.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessagesRequest } from '../demo-model/messages-request';
import { startScriptedModelServer, type ScriptedModelServer } from '../demo-model/scripted-model-server';
import type { ModelScript } from '../demo-model/scripted-reply';
import { makeTestFolders, startEcaServerInProcess, type InProcessServer, type TestFolders } from './testing/eca-server-support';
import { RealClientEditor } from './testing/real-client-editor';

type Content = Record<string, unknown> & { type: string };

/** "write <file>" asks to write it; a tool result is answered "Done."; anything else is thought about and echoed. */
const script: ModelScript = (request) => {
  const last = request.messages.at(-1)!;
  const blocks = Array.isArray(last.content) ? last.content : [{ type: 'text', text: last.content }];
  if (blocks.some((block) => block.type === 'tool_result')) return { blocks: [{ type: 'text', text: 'Done.' }] };
  const said = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
  const write = /write (\S+)/.exec(said);
  if (write) return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: write[1], content: 'x\n' } }] };
  return {
    blocks: [
      { type: 'thinking', thinking: 'Pondering.' },
      { type: 'text', text: `You said: ${said}` },
    ],
  };
};

let folders: TestFolders;
let model: ScriptedModelServer;
let running: InProcessServer;
let client: RealClientEditor;

beforeEach(async () => {
  folders = await makeTestFolders();
  await writeFile(path.join(folders.workspace, 'README.md'), '# Project\n');
  model = await startScriptedModelServer({ script });
  running = startEcaServerInProcess({
    workspaceRoot: folders.workspace,
    dataDir: folders.dataDir,
    env: { ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: model.url, BATON_THINKING_BUDGET: '1024' },
  });
  client = new RealClientEditor(running.editor);
  await client.start(folders.workspace);
});

afterEach(async () => {
  await running.server.stop();
  await model.close();
  await folders.remove();
});

/** The chat's contents as they were on the wire, from notification `since` on. */
function contentsOf(chatId: string, since = 0): Content[] {
  return running.editor.notifications
    .slice(since)
    .filter((item) => item.method === 'chat/contentReceived')
    .map((item) => item.params as { chatId: string; content: Content })
    .filter((params) => params.chatId === chatId)
    .map((params) => params.content);
}

/** The user's messages and the answers' text, each answer joined from its pieces. */
function conversation(contents: readonly Content[]): string[] {
  const lines: string[] = [];
  let answering = false;
  for (const content of contents) {
    if (content.type !== 'text') continue;
    if (content.contentId !== undefined) lines.push(String(content.text));
    else if (answering) lines[lines.length - 1] += String(content.text);
    else lines.push(String(content.text));
    answering = content.contentId === undefined;
  }
  return lines;
}

/** Sends a prompt, checks it was taken, and waits for the turn's end (or for a call to approve). */
async function prompt(chatId: string, message: string, until: 'finished' | 'approval' = 'finished', agent?: string) {
  const since = running.editor.notifications.length;
  const answer = await client.prompt(chatId, message, { agent });
  // No editor handles an error answer to chat/prompt.
  expect(answer.error).toBeUndefined();
  expect(answer.result).toMatchObject({ chatId, status: 'prompting' });
  const matches = (content: Content) =>
    until === 'finished'
      ? content.type === 'progress' && content.state === 'finished'
      : content.type === 'toolCallRun' && content.manualApproval === true;
  await running.editor.until(() => contentsOf(chatId, since).find(matches), `${until} in chat ${chatId}`);
  return { since, contents: () => contentsOf(chatId, since) };
}

function toolNames(request: MessagesRequest | undefined): string[] {
  return ((request as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((tool) => tool.name);
}

const said = (request: MessagesRequest | undefined) => JSON.stringify(request?.messages ?? []);

describe('baton eca-server with a client that behaves like the real ECA editors', () => {
  it('opens a chat with the welcome, streams, approves, rejects and stops', async () => {
    expect(client.welcome).toMatch(/Ask Built-in agent/);
    const config = (await running.editor.notification('config/updated')) as { chat: Record<string, unknown> };
    expect(config.chat).toMatchObject({
      agents: ['agent', 'plan'],
      selectAgent: 'agent',
      behaviors: ['agent', 'plan'],
      selectBehavior: 'agent',
    });

    const chatId = client.newChatId();
    const hello = await prompt(chatId, 'hello');
    expect(await running.editor.notification('chat/opened')).toEqual({ chatId });
    const contents = hello.contents();
    expect(contents[0]).toMatchObject({ type: 'text', text: 'hello', contentId: expect.any(String) });
    expect(contents.map((content) => content.type)).toEqual(
      expect.arrayContaining(['reasonStarted', 'reasonText', 'reasonFinished', 'text', 'usage']),
    );
    // The answer streams in pieces.
    const answer = contents.filter((content) => content.type === 'text' && content.contentId === undefined);
    expect(answer.length).toBeGreaterThan(1);
    expect(answer.map((content) => content.text).join('')).toBe('You said: hello');
    const usage = contents.find((content) => content.type === 'usage')!;
    expect(usage).toMatchObject({
      sessionTokens: expect.any(Number),
      messageInputTokens: expect.any(Number),
      messageOutputTokens: expect.any(Number),
    });
    expect(usage.messageCost).toMatch(/^\d+\.\d+$/);
    expect(usage.lastMessageCost).toBe(usage.messageCost);
    expect(usage.sessionCost).toMatch(/^\d+\.\d+$/);

    const approved = await prompt(chatId, 'write approved.txt', 'approval');
    const run = approved.contents().find((content) => content.type === 'toolCallRun')!;
    client.notify('chat/toolCallApprove', { chatId, toolCallId: run.id as string, save: null });
    await running.editor.until(
      () => approved.contents().find((content) => content.type === 'progress' && content.state === 'finished'),
      'the approved turn to end',
    );
    expect(existsSync(path.join(folders.workspace, 'approved.txt'))).toBe(true);

    const rejected = await prompt(chatId, 'write rejected.txt', 'approval');
    const refused = rejected.contents().find((content) => content.type === 'toolCallRun')!;
    client.notify('chat/toolCallReject', { chatId, toolCallId: refused.id as string });
    await running.editor.until(() => rejected.contents().find((content) => content.type === 'toolCallRejected'), 'the rejection');
    expect(existsSync(path.join(folders.workspace, 'rejected.txt'))).toBe(false);

    const stopped = await prompt(chatId, 'write stopped.txt', 'approval');
    client.notify('chat/promptStop', { chatId });
    await running.editor.until(
      () => stopped.contents().find((content) => content.type === 'progress' && content.state === 'finished'),
      'the stopped turn to end',
    );
    expect(existsSync(path.join(folders.workspace, 'stopped.txt'))).toBe(false);

    // Every call that ended with toolCalled says how long it took, whether it ran or not.
    const called = contentsOf(chatId).filter((content) => content.type === 'toolCalled');
    expect(called.length).toBeGreaterThan(0);
    for (const content of called) expect(content.totalTimeMs).toEqual(expect.any(Number));
    expect((await client.shutdownAndExit()).result).toBeNull();
  });

  it('takes plan mode under both names, completes @ and /, and steers a running turn', async () => {
    const planned = client.newChatId();
    client.notify('chat/selectedAgentChanged', { chatId: planned, agent: 'plan' });
    await prompt(planned, 'hello plan');
    expect(toolNames(model.requests.at(-1))).toContain('read_file');
    expect(toolNames(model.requests.at(-1))).not.toContain('write_file');

    const other = client.newChatId();
    client.notify('chat/selectedBehaviorChanged', { behavior: 'plan' });
    await prompt(other, 'hello again', 'finished', 'agent');
    expect(toolNames(model.requests.at(-1))).toContain('write_file');
    await prompt(other, 'and now', 'finished');
    expect(toolNames(model.requests.at(-1))).not.toContain('write_file');

    const files = await client.request('chat/queryFiles', { chatId: other, query: 'READ' });
    expect(files.result).toEqual({ chatId: other, files: [{ type: 'file', path: path.join(folders.workspace, 'README.md') }] });
    const contexts = await client.request('chat/queryContext', { chatId: other, query: '', contexts: [] });
    expect((contexts.result as { contexts: unknown[] }).contexts).toContainEqual({
      type: 'file',
      path: path.join(folders.workspace, 'README.md'),
    });
    const commands = await client.request('chat/queryCommands', { chatId: other, query: '' });
    expect((commands.result as { commands: { name: string }[] }).commands.length).toBeGreaterThan(0);

    const steered = client.newChatId();
    const turn = await prompt(steered, 'write steered.txt', 'approval', 'agent');
    client.notify('chat/promptSteer', { chatId: steered, message: 'and say steered' });
    const run = turn.contents().find((content) => content.type === 'toolCallRun')!;
    client.notify('chat/toolCallApprove', { chatId: steered, toolCallId: run.id as string });
    await running.editor.until(
      () => turn.contents().find((content) => content.type === 'progress' && content.state === 'finished'),
      'the steered turn to end',
    );
    // The steer message went to the model with the call's result, and to the editor as the user's.
    expect(said(model.requests.at(-1))).toContain('and say steered');
    expect(turn.contents()).toContainEqual({ type: 'text', text: 'and say steered', contentId: expect.any(String) });
  });

  it('rolls back the files a rolled-back turn wrote, with the messages, as Baton’s rewind does', async () => {
    const chatId = client.newChatId();
    const approveWrite = async (message: string) => {
      const turn = await prompt(chatId, message, 'approval');
      const run = turn.contents().find((content) => content.type === 'toolCallRun')!;
      client.notify('chat/toolCallApprove', { chatId, toolCallId: run.id as string, save: null });
      await running.editor.until(
        () => turn.contents().find((content) => content.type === 'progress' && content.state === 'finished'),
        `${message} to end`,
      );
    };
    await approveWrite('write notes.md');
    await approveWrite('write README.md');
    const readme = path.join(folders.workspace, 'README.md');
    const notes = path.join(folders.workspace, 'notes.md');
    expect(await readFile(readme, 'utf8')).toBe('x\n');
    const idOf = (text: string) =>
      contentsOf(chatId).findLast((content) => content.type === 'text' && content.text === text && content.contentId !== undefined)!
        .contentId as string;

    // Messages only: the conversation goes back, the files stay as they are.
    expect((await client.request('chat/rollback', { chatId, contentId: idOf('write README.md'), include: ['messages'] })).result).toEqual(
      {},
    );
    expect(await readFile(readme, 'utf8')).toBe('x\n');

    // The user puts the file back by hand; the agent writes it again, and that turn is rolled back.
    await writeFile(readme, '# Project\n');
    await approveWrite('write README.md');
    expect(await readFile(readme, 'utf8')).toBe('x\n');
    // Messages and tools: README.md is as it was before that turn; notes.md, written before, stays.
    expect(
      (await client.request('chat/rollback', { chatId, contentId: idOf('write README.md'), include: ['messages', 'tools'] })).result,
    ).toEqual({});
    expect(await readFile(readme, 'utf8')).toBe('# Project\n');
    expect(await readFile(notes, 'utf8')).toBe('x\n');
    // Without `include`, both: the file the first turn created leaves the workspace.
    expect((await client.request('chat/rollback', { chatId, contentId: idOf('write notes.md') })).result).toEqual({});
    expect(existsSync(notes)).toBe(false);
  });

  it('rolls back, forks, clears and deletes a chat by the ids the editor holds', async () => {
    const chatId = client.newChatId();
    for (const message of ['one', 'two', 'three']) await prompt(chatId, message);
    // As an editor's view holds them: after a rollback, the ids of the contents sent again.
    const idOf = (text: string) =>
      contentsOf(chatId).findLast((content) => content.type === 'text' && content.text === text && content.contentId !== undefined)!
        .contentId as string;

    const sinceRollback = running.editor.notifications.length;
    expect((await client.request('chat/rollback', { chatId, contentId: idOf('two'), include: ['messages'] })).result).toEqual({});
    expect(running.editor.notifications.slice(sinceRollback)[0]).toMatchObject({
      method: 'chat/cleared',
      params: { chatId, messages: true },
    });
    expect(conversation(contentsOf(chatId, sinceRollback))).toEqual(['one', 'You said: one']);
    // The rolled-back messages' ids name nothing any more.
    expect((await client.request('chat/fork', { chatId, contentId: idOf('three') })).error).toMatchObject({ code: -32602 });
    await prompt(chatId, 'four');
    expect(said(model.requests.at(-1))).toContain('one');
    expect(said(model.requests.at(-1))).not.toContain('three');

    const sinceFork = running.editor.notifications.length;
    expect(await client.request('chat/fork', { chatId, contentId: idOf('one') })).toMatchObject({ result: {} });
    const opened = running.editor.notifications.slice(sinceFork).find((item) => item.method === 'chat/opened')!.params as {
      chatId: string;
      title: string;
    };
    expect(opened.title).toMatch(/\(fork\)$/);
    expect(conversation(contentsOf(opened.chatId))).toEqual(['one', 'You said: one']);
    await prompt(opened.chatId, 'five');
    expect(said(model.requests.at(-1))).toContain('one');
    expect(said(model.requests.at(-1))).not.toContain('four');

    const sinceClear = running.editor.notifications.length;
    expect((await client.request('chat/clear', { chatId, messages: true })).result).toEqual({});
    expect(running.editor.notifications.slice(sinceClear)).toContainEqual(
      expect.objectContaining({ method: 'chat/cleared', params: { chatId, messages: true } }),
    );
    await prompt(chatId, 'six');
    expect(said(model.requests.at(-1))).not.toContain('four');

    expect((await client.request('chat/delete', { chatId })).result).toEqual({});
    expect(await running.editor.notification('chat/deleted')).toEqual({ chatId });
  });
});
