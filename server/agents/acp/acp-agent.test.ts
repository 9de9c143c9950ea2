import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

async function start(options: Parameters<typeof startAcpHarness>[0] = {}) {
  harness = await startAcpHarness(options);
  return harness;
}

describe('ACP adapter with the fake agent', () => {
  it('streams thought and text, reports usage, saves the session and learns models, modes and commands', async () => {
    const { agent } = await start();
    let infoChanges = 0;
    agent.onInfoChanged(() => (infoChanges += 1));
    const recording = createRecordingTurn({ message: 'hello there' });
    await agent.runTurn(recording.turn);
    expect(contentOutline(recording.contents)).toEqual(['reasonStarted', 'reasonText', 'reasonFinished', 'text', 'usage']);
    const text = recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
    expect(text).toBe('Fake agent heard: hello there');
    expect(recording.savedAgentSession()).toMatch(/^fake-session-/);
    expect(agent.info.behaviors).toEqual(['ask', 'code']);
    expect(agent.info.models).toEqual(['fake-small', 'fake-large']);
    expect(agent.info.model).toBe('fake-small');
    expect(infoChanges).toBeGreaterThan(0);
    expect((await agent.listCommands()).map((command) => command.name)).toEqual(['fake-help']);
  });

  it('shows chunks with a new messageId as a new message rather than glued to the one before', async () => {
    const { agent } = await start();
    const recording = createRecordingTurn({ message: 'two messages' });
    await agent.runTurn(recording.turn);
    const messages = recording.entries().flatMap((entry) => (entry.type === 'message' && entry.role === 'assistant' ? [entry] : []));
    expect(messages.map((message) => message.messageId)).toEqual(['msg-a', 'msg-b']);
    expect(messages[0]?.chunks).toEqual([{ type: 'text', chunk: 'First message, still first.' }]);
    expect(messages[1]?.chunks[0]?.type === 'text' && messages[1].chunks[0].chunk).toMatch(/^Second message\./);
  });

  it('keeps one session per thread and sets the mode and model the user picked', async () => {
    const { agent } = await start();
    const first = createRecordingTurn({ message: 'one', threadId: 'a' });
    await agent.runTurn(first.turn);
    const second = createRecordingTurn({
      message: 'two',
      threadId: 'a',
      behavior: 'code',
      model: 'fake-large',
      agentSessionId: first.savedAgentSession() ?? undefined,
    });
    await agent.runTurn(second.turn);
    expect(second.savedAgentSession()).toBeUndefined();
    expect(agent.info.model).toBe('fake-large');
    const other = createRecordingTurn({ message: 'three', threadId: 'b' });
    await agent.runTurn(other.turn);
    expect(other.savedAgentSession()).not.toBe(first.savedAgentSession());
  });

  it("asks with the agent's own options, answers the one picked, and records the write with its diff", async () => {
    const { agent, root } = await start();
    const recording = createRecordingTurn({ message: 'please write', decide: () => ({ decision: 'approved', optionId: 'fake-allow' }) });
    await agent.runTurn(recording.turn);
    const run = recording.contents.find((content) => content.type === 'toolCallRun');
    expect(run).toMatchObject({ manualApproval: true, name: 'edit', summary: 'Write notes.txt' });
    expect(run?.type === 'toolCallRun' && run.approvalOptions?.map((option) => option.name)).toEqual([
      'Allow this edit',
      'Always allow edits',
      'Do not edit',
    ]);
    expect(await readFile(path.join(root, 'notes.txt'), 'utf8')).toBe('fake notes\nline two\n');
    const call = recording.entries().find((entry) => entry.type === 'toolCall');
    expect(call).toMatchObject({
      status: 'succeeded',
      outputText: 'wrote notes.txt (fake-allow)',
      details: { type: 'fileChange', path: 'notes.txt', linesAdded: 2, linesRemoved: 0 },
    });
  });

  it('tells the agent a rejection and writes nothing', async () => {
    const { agent, root } = await start();
    const recording = createRecordingTurn({ message: 'write', decide: () => 'rejected' });
    await agent.runTurn(recording.turn);
    expect(recording.contents.some((content) => content.type === 'toolCallRejected' && content.reason === 'user-choice')).toBe(true);
    expect(existsSync(path.join(root, 'notes.txt'))).toBe(false);
  });

  it("lets the relay's deny rule refuse without asking", async () => {
    const { agent, root } = await start({ rules: [{ tool: 'edit', decision: 'deny' }] });
    const recording = createRecordingTurn({ message: 'write' });
    await agent.runTurn(recording.turn);
    expect(recording.approvalsAsked).toEqual([]);
    expect(recording.contents.find((content) => content.type === 'toolCallRejected')).toMatchObject({ reason: 'user-config' });
    expect(existsSync(path.join(root, 'notes.txt'))).toBe(false);
  });

  it('serves reads from the workspace and refuses the data folder and paths outside', async () => {
    const { agent, root } = await start();
    const text = async (message: string) => {
      const recording = createRecordingTurn({ message });
      await agent.runTurn(recording.turn);
      return recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
    };
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, 'hello.txt'), 'hi from the workspace');
    expect(await text(`read ${path.join(root, 'hello.txt')}`)).toContain('read ok: hi from the workspace');
    expect(await text(`read ${path.join(root, '.baton-data', 'config.json')}`)).toContain('read refused');
    expect(await text('read /etc/passwd')).toContain('read refused');
  });

  it("runs a terminal without the relay's secrets and streams its output to the card", async () => {
    const { agent } = await start();
    const recording = createRecordingTurn({ message: 'run', decide: () => ({ decision: 'approved', optionId: 'yes' }) });
    await agent.runTurn(recording.turn);
    const streamed = recording.contents
      .flatMap((content) => (content.type === 'toolCallRunning' && content.outputChunk ? [content.outputChunk] : []))
      .join('');
    expect(streamed).toContain('terminal-says-hi');
    expect(streamed).toContain('secret=none extra=set-by-agent');
    const call = recording.entries().find((entry) => entry.type === 'toolCall');
    expect(call).toMatchObject({ name: 'execute', status: 'succeeded' });
    expect(call?.type === 'toolCall' && call.outputText).toContain('terminal-says-hi');
  });

  it('shows plans and mode changes, logs unknown kinds, survives nulls and a malformed line', async () => {
    const { agent, logs } = await start();
    const recording = createRecordingTurn({ message: 'plan mode odd garbage' });
    await agent.runTurn(recording.turn);
    const reasoning = recording.contents.flatMap((content) => (content.type === 'reasonText' ? [content.text] : [])).join('');
    expect(reasoning).toContain('- [x] Look around');
    expect(recording.contents.some((content) => content.type === 'text' && content.text.includes('Fake agent heard'))).toBe(true);
    expect(recording.entries().find((entry) => entry.type === 'toolCall' && entry.id === 'odd-1')).toMatchObject({ status: 'succeeded' });
    expect(logs.some((line) => line.includes('future_kind'))).toBe(true);
    expect(logs.some((line) => line.includes('unreadable message'))).toBe(true);
    expect(agent.info.model).toBe('fake-small');
  });

  it('fails a turn whose agent crashes with what it said, and starts it again for the next', async () => {
    const { agent } = await start();
    const crashing = createRecordingTurn({ message: 'crash now' });
    const failure = await agent.runTurn(crashing.turn).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AgentUnavailableError);
    expect((failure as Error).message).toMatch(/exited with code 3.*simulated crash/);
    const next = createRecordingTurn({
      message: 'again',
      threadId: 'thread-under-test',
      agentSessionId: crashing.savedAgentSession() ?? undefined,
    });
    await agent.runTurn(next.turn);
    expect(next.contents.some((content) => content.type === 'text')).toBe(true);
  });

  it('stops a turn with session/cancel', async () => {
    const { agent } = await start();
    const stop = new AbortController();
    const recording = createRecordingTurn({
      message: 'slow',
      stopSignal: stop.signal,
      onContent: (content) => content.type === 'text' && stop.abort(),
    });
    await agent.runTurn(recording.turn);
    expect(recording.contents.filter((content) => content.type === 'text').length).toBeLessThan(50);
  });

  it('stops the process of an agent that ignores session/cancel', async () => {
    const { agent, waitForLog } = await start();
    const stop = new AbortController();
    const recording = createRecordingTurn({
      message: 'stubborn',
      stopSignal: stop.signal,
      onContent: (content) => content.type === 'text' && stop.abort(),
    });
    await agent.runTurn(recording.turn);
    await waitForLog(/stopping the agent/);
    const next = createRecordingTurn({ message: 'after', threadId: 'other' });
    await agent.runTurn(next.turn);
    expect(next.contents.some((content) => content.type === 'text')).toBe(true);
  });
});

describe('ACP sessions across relay restarts', () => {
  it('resumes the saved session when the agent still lists it, else primes a new one with the history', async () => {
    const first = await start();
    const sessions = path.join(first.root, 'fake-sessions.txt');
    await first.agent.close();
    harness = await startAcpHarness({ root: first.root, env: { FAKE_ACP_SESSIONS: sessions } });
    const opening = createRecordingTurn({ message: 'first' });
    await harness.agent.runTurn(opening.turn);
    const saved = opening.savedAgentSession() ?? undefined;
    await harness.agent.close();

    harness = await startAcpHarness({ root: first.root, env: { FAKE_ACP_SESSIONS: sessions } });
    const history = opening.entries();
    const resumed = createRecordingTurn({ message: 'second', agentSessionId: saved, history });
    await harness.agent.runTurn(resumed.turn);
    expect(resumed.notes).toEqual([]);
    expect(resumed.savedAgentSession()).toBeUndefined();

    const primed = createRecordingTurn({ message: 'third', threadId: 'handed-over', agentSessionId: 'no-such-session', history });
    await harness.agent.runTurn(primed.turn);
    expect(primed.notes).toHaveLength(1);
    expect(primed.savedAgentSession()).toMatch(/^fake-session-/);
    const heard = primed.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
    expect(heard).toContain('You are continuing a conversation');
    await harness.cleanUp();
    harness = undefined;
    await first.cleanUp();
  });

  it('says clearly when the command does not exist', async () => {
    const { agent } = await start({ command: 'no-such-acp-agent-command' });
    const recording = createRecordingTurn({ message: 'hi' });
    await expect(agent.runTurn(recording.turn)).rejects.toThrow(/was not found/);
  });
});
