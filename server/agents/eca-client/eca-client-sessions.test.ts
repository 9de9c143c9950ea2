import { describe, expect, it } from 'vitest';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { spokenText, useEcaClient } from './testing/eca-client-support';

describe('ECA client: one server, one chat per thread', () => {
  const fixture = useEcaClient();

  it('continues the thread’s chat while the server runs', async () => {
    const backend = fixture.backend();
    const first = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(first.turn);
    const chatId = first.savedAgentSession()!;
    const second = createRecordingTurn({ message: 'echo', agentSessionId: chatId, history: first.entries() });
    await backend.runTurn(second.turn);
    expect(JSON.parse(spokenText(second.contents))).toMatchObject({ chatId, message: 'echo' });
    expect(second.notes).toEqual([]);
  });

  it('after a relay restart, starts a new chat primed with the history and says so', async () => {
    const before = fixture.backend();
    const first = createRecordingTurn({ message: 'hello' });
    await before.runTurn(first.turn);
    await before.close();

    const after = fixture.backend();
    const second = createRecordingTurn({ message: 'echo', agentSessionId: first.savedAgentSession()!, history: first.entries() });
    await after.runTurn(second.turn);
    const echoed = JSON.parse(spokenText(second.contents)) as { chatId: string | null; message: string };
    expect(echoed.chatId).toBeNull();
    expect(echoed.message).toContain('<transcript>');
    expect(echoed.message).toContain('Assistant: Hello from the fake ECA server.');
    expect(echoed.message).toMatch(/The user now says:\s+echo$/);
    expect(second.notes).toHaveLength(1);
    expect(second.savedAgentSession()).toMatch(/^chat-/);
    expect(second.savedAgentSession()).not.toBe(first.savedAgentSession());
  });

  it('a thread handed back to it (no saved chat) starts afresh with the history', async () => {
    const backend = fixture.backend();
    const first = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(first.turn);
    const second = createRecordingTurn({ message: 'echo', history: first.entries() });
    await backend.runTurn(second.turn);
    expect(JSON.parse(spokenText(second.contents))).toMatchObject({ chatId: null });
    expect(second.notes).toHaveLength(1);
  });

  it('serves two threads at once, each in its own chat', async () => {
    const backend = fixture.backend();
    const one = createRecordingTurn({ message: 'hello', threadId: 'one' });
    const two = createRecordingTurn({ message: 'echo two', threadId: 'two' });
    await Promise.all([backend.runTurn(one.turn), backend.runTurn(two.turn)]);
    expect(spokenText(one.contents)).toBe('Hello from the fake ECA server.');
    expect(JSON.parse(spokenText(two.contents))).toMatchObject({ message: 'echo two' });
    expect(one.savedAgentSession()).not.toBe(two.savedAgentSession());
  });

  it('gives a reused server id a new one in the thread, so earlier entries stay as they were', async () => {
    const backend = fixture.backend();
    const first = createRecordingTurn({ message: 'reuse' });
    await backend.runTurn(first.turn);
    const second = createRecordingTurn({ message: 'reuse', agentSessionId: first.savedAgentSession()!, history: first.entries() });
    await backend.runTurn(second.turn);
    const ids = (entries: ReturnType<typeof second.entries>) =>
      entries.filter((entry) => entry.type === 'toolCall' || entry.type === 'reasoning').map((entry) => ('id' in entry ? entry.id : ''));
    expect(ids(first.entries())).toEqual(['r1', 'call-1']);
    expect(ids(second.entries())).toEqual(['r1', 'call-1', 'r1~2', 'call-1~2']);
    expect(
      second
        .entries()
        .filter((entry) => entry.type === 'toolCall')
        .map((entry) => 'status' in entry && entry.status),
    ).toEqual(['succeeded', 'succeeded']);
  });

  it('closeThread forgets the chat: the next prompt of that thread starts a new one', async () => {
    const backend = fixture.backend();
    const first = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(first.turn);
    await backend.closeThread(first.turn.threadId);
    const second = createRecordingTurn({ message: 'echo', agentSessionId: first.savedAgentSession()!, history: first.entries() });
    await backend.runTurn(second.turn);
    expect(JSON.parse(spokenText(second.contents))).toMatchObject({ chatId: null });
  });
});

describe('ECA client: commands, contexts, behaviours and tool servers', () => {
  const fixture = useEcaClient();

  it('lists the server’s commands and contexts', async () => {
    const backend = fixture.backend();
    expect(await backend.listCommands()).toEqual([
      { name: 'costs', description: 'Shows the costs', type: 'native', arguments: [] },
      { name: 'review', description: 'Reviews a file', type: 'mcp-prompt', arguments: [{ name: 'path', required: true }] },
    ]);
    expect(await backend.queryContext('src', [])).toEqual([{ type: 'directory', path: 'src' }]);
    expect(await backend.queryContext('', [])).toEqual([
      { type: 'file', path: 'README.md' },
      { type: 'directory', path: 'src' },
    ]);
  });

  it('tells the server the selected behaviour, which a prompt without one then uses', async () => {
    const backend = fixture.backend();
    await backend.selectBehavior('review');
    const recording = createRecordingTurn({ message: 'echo' });
    await backend.runTurn(recording.turn);
    expect(JSON.parse(spokenText(recording.contents))).toMatchObject({ behavior: 'review' });
  });

  it('keeps the tool servers the server reports, and stops and starts its MCP servers', async () => {
    const backend = fixture.backend();
    await backend.listCommands();
    await fixture.until(() => backend.toolServers.current().length === 2, 'the tool servers');
    expect(backend.toolServers.current().map((server) => [server.name, server.status])).toEqual([
      ['ECA', 'running'],
      ['fake-mcp', 'running'],
    ]);
    await backend.toolServers.stop('fake-mcp');
    await fixture.until(
      () => backend.toolServers.current().find((server) => server.name === 'fake-mcp')?.status === 'stopped',
      'fake-mcp to stop',
    );
    await backend.toolServers.start('fake-mcp');
    await fixture.until(
      () => backend.toolServers.current().find((server) => server.name === 'fake-mcp')?.status === 'running',
      'fake-mcp to start',
    );
  });
});
