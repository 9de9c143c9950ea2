import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';
import { EmacsAgentTurnError } from './emacs-agent-turn';
import { answerText, TEST_AGENT_NAME, useEmacsAgentFixture } from './testing/emacs-agent-support';

const fixture = useEmacsAgentFixture();

describe('EmacsAgentBackend turns', () => {
  it('answers a prompt in a session of its own, saved with the thread, and reuses it', async () => {
    const backend = fixture.backend();
    let infoChanges = 0;
    backend.onInfoChanged(() => (infoChanges += 1));
    const first = createRecordingTurn({ message: 'hello' });
    await backend.runTurn(first.turn);

    const [sessionId] = fixture.fake.sessions.keys();
    expect(first.savedAgentSession()).toBe(sessionId);
    expect(answerText(first.contents)).toBe(`Hello from the fake Emacs-Agent. This is prompt 1 of session ${sessionId}.`);
    expect(contentOutline(first.contents)).toEqual(['progress', 'text']);
    expect(first.contents[0]).toEqual({ type: 'progress', state: 'running', text: 'Analyzing the request...' });
    expect(first.notes).toEqual([]);
    expect(backend.info).toMatchObject({ kind: 'emacs-agent', model: 'fake-model-1', offlineDemo: false });
    expect(infoChanges).toBe(1);
    // Every tool call is to reach Baton's gate.
    expect(fixture.fake.sessions.get(sessionId!)!.init.autoApproveReadonly).toBe(false);

    const second = createRecordingTurn({ message: 'again', agentSessionId: sessionId, history: first.entries() });
    await backend.runTurn(second.turn);
    expect(answerText(second.contents)).toContain('This is prompt 2 of session');
    expect(fixture.fake.sessions.size).toBe(1);
    expect(fixture.fake.requests.filter((request) => request.endsWith('/events'))).toHaveLength(1);
  });

  it('reads a file the default rules allow, asking nobody, and reports a failed read', async () => {
    await writeFile(path.join(fixture.workspaceRoot, 'notes.txt'), 'buy milk\n');
    const backend = fixture.backend();
    const read = createRecordingTurn({ message: 'read the notes' });
    await backend.runTurn(read.turn);
    expect(read.approvalsAsked).toEqual([]);
    expect(contentOutline(read.contents)).toEqual([
      'progress',
      'toolCallRun:read_file',
      'toolCallRunning:read_file',
      'progress',
      'toolCalled:read_file',
      'text',
    ]);
    expect(read.contents.find((content) => content.type === 'toolCallRun')).toMatchObject({
      manualApproval: false,
      summary: 'read_file notes.txt',
      server: TEST_AGENT_NAME,
    });
    expect(read.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: false,
      outputs: [{ type: 'text', text: 'buy milk\n' }],
    });
    expect(fixture.fake.requests.filter((request) => request.endsWith('/approve'))).toHaveLength(1);

    await rm(path.join(fixture.workspaceRoot, 'notes.txt'));
    const missing = createRecordingTurn({ message: 'read the notes', agentSessionId: read.savedAgentSession()! });
    await backend.runTurn(missing.turn);
    expect(missing.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      error: true,
      outputs: [{ text: expect.stringMatching(/^File not found: notes.txt/) }],
    });
    expect(answerText(missing.contents)).toBe('There is no notes.txt.');
  });

  it('asks before a write, shows its diff, and shows what changed once the backend says so', async () => {
    const backend = fixture.backend();
    const write = createRecordingTurn({ message: 'write hello', decide: () => 'approved' });
    await backend.runTurn(write.turn);
    expect(write.approvalsAsked).toEqual([expect.stringMatching(/^tc_write_/)]);
    const run = write.contents.find((content) => content.type === 'toolCallRun');
    expect(run).toMatchObject({
      manualApproval: true,
      name: 'write_file',
      details: { type: 'fileChange', path: 'hello.txt', linesAdded: 1, linesRemoved: 0 },
    });
    const called = write.contents.filter((content) => content.type === 'toolCalled');
    // Once for tool.result, again with the diff of file.changed.
    expect(called).toHaveLength(2);
    expect(called[1]).toMatchObject({
      error: false,
      details: { path: 'hello.txt', diff: expect.stringContaining('+Hello from Emacs-Agent') },
    });
    expect(await readFile(path.join(fixture.workspaceRoot, 'hello.txt'), 'utf8')).toBe('Hello from Emacs-Agent\n');
    expect(write.entries().find((entry) => entry.type === 'toolCall')).toMatchObject({ status: 'succeeded', details: { linesAdded: 1 } });
    expect(answerText(write.contents)).toBe('Done writing.');
  });

  it('tells the backend when the user rejects a call', async () => {
    const backend = fixture.backend();
    const write = createRecordingTurn({ message: 'write hello', decide: () => 'rejected' });
    await backend.runTurn(write.turn);
    const shown = write.contents.filter((content) => content.type !== 'progress');
    expect(contentOutline(shown)).toEqual(['toolCallRun:write_file', 'toolCallRejected:write_file', 'text']);
    expect(write.contents.filter((content) => content.type === 'toolCallRejected')).toHaveLength(1);
    expect(answerText(write.contents)).toBe('Understood, I did not write it.');
    expect(fixture.fake.requests.filter((request) => request.endsWith('/reject'))).toHaveLength(1);
  });

  it("answers with reject, without asking, when the relay's config denies the tool", async () => {
    const backend = fixture.backend({ rules: [{ tool: 'write_file', decision: 'deny' }] });
    const write = createRecordingTurn({ message: 'write hello', decide: () => 'approved' });
    await backend.runTurn(write.turn);
    expect(write.approvalsAsked).toEqual([]);
    expect(write.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({
      reason: 'user-config',
      summary: expect.stringContaining("refused by Baton's config"),
    });
    expect(answerText(write.contents)).toBe('Understood, I did not write it.');
    expect(fixture.fake.requests.filter((request) => request.endsWith('/approve'))).toEqual([]);
  });

  it('fails the turn on an error state with the backend error, and says a non-fatal error in the answer', async () => {
    const backend = fixture.backend();
    const failing = createRecordingTurn({ message: 'cause an error' });
    const error = await backend.runTurn(failing.turn).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmacsAgentTurnError);
    expect((error as Error).message).toBe(`${TEST_AGENT_NAME} reported an error: Rate limit exceeded (LLM_API_ERROR)`);
    expect(answerText(failing.contents)).toBe('Let me ask the model. ');

    const warned = createRecordingTurn({ message: 'warn me' });
    await backend.runTurn(warned.turn);
    expect(answerText(warned.contents)).toBe(
      `\n\n> **${TEST_AGENT_NAME} reported an error:** Failed to read file: Permission denied (PERMISSION_DENIED)\n\nI could not read that file, carrying on.`,
    );
  });

  it('skips unknown event types, unknown fields, nulls, mismatched names and malformed frames, and carries on', async () => {
    const backend = fixture.backend();
    const unknown = createRecordingTurn({ message: 'unknown events' });
    await backend.runTurn(unknown.turn);
    expect(answerText(unknown.contents)).toBe('Still here after the unknown events.');
    // The agent.state with an unknown field and a null details still counts.
    expect(unknown.contents.filter((content) => content.type === 'progress')).toHaveLength(2);
    expect(fixture.logs.some((line) => line.includes('Baton does not know (tool.progress)'))).toBe(true);
    expect(fixture.logs.some((line) => line.includes('Baton does not know (error)'))).toBe(true);

    const garbage = createRecordingTurn({ message: 'garbage now' });
    await backend.runTurn(garbage.turn);
    expect(answerText(garbage.contents)).toBe('Still here after the garbage.');
    expect(fixture.logs.some((line) => line.includes('whose data is not JSON'))).toBe(true);
  });

  it('turns HTTP errors of a prompt into a failed turn with the reason', async () => {
    const backend = fixture.backend();
    await expect(backend.runTurn(createRecordingTurn({ message: 'http500' }).turn)).rejects.toThrow(
      /answered POST \/api\/sessions\/[^/]+\/prompt with 500 Internal Server Error: MCP server "filesystem" failed to start \(MCP_SERVER_ERROR\)/,
    );
    await fixture.restartFake({ token: 'secret' });
    const wrongToken = fixture.backend({ entry: { url: fixture.fake.url, token: 'wrong' } });
    await expect(wrongToken.runTurn(createRecordingTurn({ message: 'hello' }).turn)).rejects.toThrow(/401 Unauthorized.*Check the token/);
    const rightToken = fixture.backend({ entry: { url: fixture.fake.url, token: 'secret' } });
    const answered = createRecordingTurn({ message: 'hello' });
    await rightToken.runTurn(answered.turn);
    expect(answerText(answered.contents)).toContain('Hello from the fake Emacs-Agent.');
  });
});
