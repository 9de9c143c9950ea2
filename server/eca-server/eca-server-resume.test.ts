/**
 * `baton eca-server` as an editor resumes, names and marks its chats (the current ECA protocol's
 * `chat/list`, `chat/open`, `chat/update`, `chat/addFlag`, `chat/removeFlag`, `chat/fork` from a
 * flag): a real child process on stdio, restarted over the same data folder, with a model that
 * answers each prompt by naming it.
 */
import { describe, expect, it } from 'vitest';
import type { MessagesRequest } from '../demo-model/messages-request';
import type { ModelScript } from '../demo-model/scripted-reply';
import {
  expectCleanExit,
  linkToProcess,
  serverEnvironment,
  spawnEcaServer,
  TestEditor,
  useEcaServerProcess,
  within,
} from './testing/eca-server-support';

/** The text of the last user message the model was given. */
function lastPrompt(request: MessagesRequest): string {
  const last = [...request.messages].reverse().find((message) => message.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

const answerFor = (prompt: string) => `Answer to ${prompt}`;
const echo: ModelScript = (request) => ({ blocks: [{ type: 'text', text: answerFor(lastPrompt(request)) }] });

const fixture = useEcaServerProcess(echo);

async function promptAndFinish(editor: TestEditor, message: string, chatId?: string): Promise<string> {
  const since = editor.contents.length;
  const result = await editor.connection.request('chat/prompt', { message, ...(chatId === undefined ? {} : { chatId }) });
  await editor.content(result.chatId, 'progress', (content) => content.state === 'finished', since);
  return result.chatId;
}

/** What a chat's contents say, from index `since` on: each message as role and text (an answer comes in pieces). */
function textsOf(editor: TestEditor, chatId: string, since = 0): string[] {
  const messages: Array<{ role: string; text: string }> = [];
  for (const { chatId: id, role, content } of editor.contents.slice(since)) {
    if (id !== chatId || content.type !== 'text') continue;
    const last = messages.at(-1);
    if (last?.role === role && role === 'assistant') last.text += content.text;
    else messages.push({ role, text: content.text });
  }
  return messages.map(({ role, text }) => `${role}: ${text.trim()}`);
}

function userContentId(editor: TestEditor, chatId: string, text: string): string {
  const found = editor.contents.find(
    (params) => params.chatId === chatId && params.role === 'user' && params.content.type === 'text' && params.content.text.includes(text),
  );
  const contentId = found?.content.type === 'text' ? found.content.contentId : undefined;
  if (contentId === undefined) throw new Error(`no user message "${text}" with a content id in chat ${chatId}`);
  return contentId;
}

function framed(message: object): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const isResponseTo = (id: string) => (message: unknown) =>
  typeof message === 'object' && message !== null && 'id' in message && message.id === id && !('method' in message);

describe('baton eca-server resuming chats', () => {
  it('lists a renamed chat after a restart and replays its messages when the editor opens it', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    await editor.start(fixture.folders.workspace);
    const chatId = await promptAndFinish(editor, 'first question');
    await promptAndFinish(editor, 'second question', chatId);
    const live = textsOf(editor, chatId);
    expect(live).toEqual([
      'user: first question',
      `assistant: ${answerFor('first question')}`,
      'user: second question',
      `assistant: ${answerFor('second question')}`,
    ]);
    expect(await editor.connection.request('chat/update', { chatId, title: '  Two questions ' })).toEqual({
      chatId,
      title: 'Two questions',
      trust: false,
    });
    await expectCleanExit(editor, fixture.server);

    const restarted = spawnEcaServer(
      fixture.folders,
      serverEnvironment({ ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: fixture.model?.url ?? '' }),
    );
    try {
      const next = new TestEditor(linkToProcess(restarted));
      await next.start(fixture.folders.workspace);
      const { chats } = await next.connection.request('chat/list', undefined);
      expect(chats).toEqual([{ id: chatId, title: 'Two questions', updatedAt: expect.any(Number) }]);

      expect(await next.connection.request('chat/open', { chatId })).toEqual({ found: true, chatId, title: 'Two questions' });
      expect(await next.notification('chat/opened')).toEqual({ chatId, title: 'Two questions' });
      expect(textsOf(next, chatId)).toEqual(live);
      // The replayed messages can be rolled back and forked from, as live ones can.
      expect(userContentId(next, chatId, 'second question')).toBe(userContentId(editor, chatId, 'second question'));

      // The reopened chat goes on: the model gets the whole history.
      await promptAndFinish(next, 'third question', chatId);
      expect(fixture.model?.requests.at(-1)?.messages).toHaveLength(5);
      await expectCleanExit(next, restarted);
    } finally {
      await restarted.kill();
    }
  });

  it("answers a request for trust with what Baton's approval rules decide: not on, and why", async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    await editor.start(fixture.folders.workspace);
    const chatId = await promptAndFinish(editor, 'a question');
    const answer = await editor.connection.request('chat/update', { chatId, trust: true });
    expect(answer).toEqual({ chatId, title: expect.any(String), trust: false, trustRefused: expect.stringMatching(/approval rules/) });
    expect(await editor.notification('$/showMessage')).toEqual({ type: 'warning', message: answer.trustRefused });
    expect(await editor.connection.request('chat/update', { chatId, trust: false })).toEqual({ chatId, title: answer.title, trust: false });
    await expectCleanExit(editor, fixture.server);
  });

  it('forks a new chat from a flag, holding the history up to the flag', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    await editor.start(fixture.folders.workspace);
    const chatId = await promptAndFinish(editor, 'first question');
    await promptAndFinish(editor, 'second question', chatId);
    const flag = await editor.connection.request('chat/addFlag', {
      chatId,
      contentId: userContentId(editor, chatId, 'first question'),
      text: 'after the first',
    });
    expect(flag).toEqual({ chatId, contentId: expect.any(String), text: 'after the first' });

    const since = editor.notifications.length;
    expect(await editor.connection.request('chat/fork', { chatId, contentId: flag.contentId })).toEqual({});
    const opened = (await editor.notification('chat/opened', () => true, since)) as { chatId: string; title: string };
    expect(opened.chatId).not.toBe(chatId);
    expect(textsOf(editor, opened.chatId)).toEqual(['user: first question', `assistant: ${answerFor('first question')}`]);
    const { chats } = await editor.connection.request('chat/list', {});
    expect(chats.map((chat) => chat.id).sort()).toEqual([chatId, opened.chatId].sort());

    expect(await editor.connection.request('chat/removeFlag', { chatId, contentId: flag.contentId })).toEqual({});
    await expect(editor.connection.request('chat/removeFlag', { chatId, contentId: flag.contentId })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/has no flag/),
    });
    await expect(editor.connection.request('chat/fork', { chatId, contentId: flag.contentId })).rejects.toMatchObject({ code: -32602 });
    await expectCleanExit(editor, fixture.server);
  });

  it('answers malformed params with -32602 and a message, and loses nothing', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    await editor.start(fixture.folders.workspace);
    const chatId = await promptAndFinish(editor, 'a question');
    const before = await editor.connection.request('chat/list', undefined);
    const bad = [
      ['no-change', 'chat/update', { chatId }, /needs a title or trust/],
      ['empty-title', 'chat/update', { chatId, title: '   ' }, /title cannot be empty/],
      ['no-chat-id', 'chat/open', {}, /chatId must be a chat id/],
      ['trust-as-text', 'chat/update', { chatId, trust: 'yes' }, /trust must be true or false/],
      ['flag-without-text', 'chat/addFlag', { chatId, contentId: userContentId(editor, chatId, 'a question') }, /text/],
    ] as const;
    for (const [id, method, params, message] of bad) {
      editor.link.toServer.write(framed({ jsonrpc: '2.0', id, method, params }));
      expect(await editor.message(isResponseTo(id), `the answer to ${id}`)).toEqual({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32602,
          message: `Invalid params for ${method}`,
          data: [expect.objectContaining({ message: expect.stringMatching(message) })],
        },
      });
    }
    // Well-formed, but naming nothing the server has.
    await expect(editor.connection.request('chat/open', { chatId: 'no-such-chat' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/no chat no-such-chat/),
    });
    await expect(editor.connection.request('chat/addFlag', { chatId, contentId: 'nothing:1', text: 'x' })).rejects.toMatchObject({
      code: -32602,
    });

    expect(await editor.connection.request('chat/list', undefined)).toEqual(before);
    const since = editor.contents.length;
    await editor.connection.request('chat/open', { chatId });
    expect(textsOf(editor, chatId, since)).toEqual(['user: a question', `assistant: ${answerFor('a question')}`]);
    await expectCleanExit(editor, fixture.server);
  });

  it('says which requests it does not carry out, never a bare "Method not found"', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    await editor.start(fixture.folders.workspace);
    for (const method of ['providers/list', 'jobs/list', 'mcp/addServer', 'completion/inline', 'rewrite/prompt'] as const) {
      await expect(within(editor.connection.request(method, {}), method)).rejects.toMatchObject({
        code: -32803,
        message: expect.stringMatching(new RegExp(`^${method} is not supported by Baton\\. \\S`)),
      });
    }
    await expectCleanExit(editor, fixture.server);
  });
});
