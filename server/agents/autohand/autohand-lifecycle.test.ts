import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { AgentUnavailableError } from '../agent-backend';
import { primingNote } from '../external/history-transcript';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { answerText, useAutohandFixture } from './testing/autohand-support';
import type { Flavor } from './testing/fake-autohand';

const fixture = useAutohandFixture();
const flavors: Flavor[] = ['observed', 'reference'];
const started = () => fixture.logs.filter((line) => line.includes('started Autohand')).length;

const history: ThreadEntry[] = [
  { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'What is the capital of France?' }] },
  { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Paris.' }] },
];

describe.each(flavors)('Stop with the %s build', { timeout: 30_000 }, (flavor) => {
  it('aborts the turn, which ends promptly without an error, and the conversation goes on', async () => {
    const agent = fixture.agent({ flavor });
    const recording = createRecordingTurn({
      message: 'slow answer',
      onContent: (content) => {
        if (content.type === 'text' && content.text.startsWith('word3')) recording.stop();
      },
    });
    await agent.runTurn(recording.turn);
    expect(await fixture.sent('autohand.abort')).toHaveLength(1);
    expect(answerText(recording.contents)).not.toContain('Autohand error');
    const next = createRecordingTurn({ message: 'and now?', history: recording.entries() });
    await agent.runTurn(next.turn);
    expect(answerText(next.contents)).toBe('Hello from the fake Autohand. Done.');
    expect(next.notes).toEqual([]);
    expect(started()).toBe(1);
  });
});

describe('the Autohand process', { timeout: 30_000 }, () => {
  it('is shut down when it ignores abort, and the next prompt starts a new one primed with the history', async () => {
    const agent = fixture.agent();
    const recording = createRecordingTurn({
      message: 'stubborn',
      onContent: (content) => {
        if (content.type === 'text' && content.text.startsWith('word3')) recording.stop();
      },
    });
    await agent.runTurn(recording.turn);
    // The turn ended first; the process is shut down once its grace is over.
    await fixture.waitForLog(/did not end the stopped turn/);
    const next = createRecordingTurn({ message: 'echo', history, agentSessionId: recording.savedAgentSession() ?? undefined });
    await agent.runTurn(next.turn);
    expect(started()).toBe(2);
    expect(next.notes).toEqual([primingNote(agent.info.name)]);
    expect(answerText(next.contents)).toContain('Paris.');
  });

  it('fails a turn it crashes in with AgentUnavailableError, saying how it exited and what it wrote last', async () => {
    const agent = fixture.agent({ flavor: 'reference' });
    const recording = createRecordingTurn({ message: 'crash now' });
    const failure = await agent.runTurn(recording.turn).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AgentUnavailableError);
    expect((failure as Error).message).toMatch(/exited with code 3/);
    expect((failure as Error).message).toContain('fatal: the fake Autohand crashed on purpose');
    const next = createRecordingTurn({ message: 'hello', history: recording.entries() });
    await agent.runTurn(next.turn);
    expect(answerText(next.contents)).toBe('Hello from the fake Autohand. Done.');
    expect(next.notes).toEqual([primingNote(agent.info.name)]);
  });

  it('is one per thread, and closeThread shuts that thread’s down', async () => {
    const agent = fixture.agent();
    await agent.runTurn(createRecordingTurn({ message: 'one', threadId: 'a' }).turn);
    await agent.runTurn(createRecordingTurn({ message: 'two', threadId: 'b' }).turn);
    await agent.runTurn(createRecordingTurn({ message: 'three', threadId: 'a' }).turn);
    expect(started()).toBe(2);
    await agent.closeThread('a');
    const again = createRecordingTurn({ message: 'four', threadId: 'a', history });
    await agent.runTurn(again.turn);
    // A new process, which knows nothing of the thread, so it is given the history.
    expect(started()).toBe(3);
    expect(again.notes).toEqual([primingNote(agent.info.name)]);
  });

  it('says clearly when the command is not installed', async () => {
    const agent = fixture.agent({ command: 'autohand-not-installed-here' });
    const failure = await agent.runTurn(createRecordingTurn({ message: 'hi' }).turn).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AgentUnavailableError);
    expect((failure as Error).message).toContain('"autohand-not-installed-here" was not found');
  });

  it('says what a build that is not logged in answers before it exits', async () => {
    const agent = fixture.agent({ env: { FAKE_AUTOHAND_LOGGED_OUT: '1' } });
    const failure = await agent.runTurn(createRecordingTurn({ message: 'hi' }).turn).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AgentUnavailableError);
    expect((failure as Error).message).toMatch(/exited with code 1\..*It said: Not authenticated: run `autohand login` first \(-32011\)/);
  });

  it('is told the files, the selection and the pictures attached to a prompt', async () => {
    const root = fixture.workspaceRoot;
    await writeFile(path.join(root, 'main.ts'), 'line 1\nline 2\nline 3\nline 4\n');
    await writeFile(path.join(root, 'shot.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const agent = fixture.agent();
    const recording = createRecordingTurn({
      message: 'echo',
      contexts: [
        { type: 'file', path: 'main.ts' },
        { type: 'cursor', path: 'main.ts', position: { start: { line: 1, character: 0 }, end: { line: 2, character: 3 } } },
        { type: 'file', path: 'shot.png' },
        { type: 'web', url: 'https://example.com/doc' },
      ],
    });
    await agent.runTurn(recording.turn);
    const [prompt] = await fixture.sent('autohand.prompt');
    expect(prompt).toEqual({
      message: 'echo\n\n(Attached as well: the web page https://example.com/doc.)',
      context: {
        files: [path.join(root, 'main.ts')],
        selection: { file: path.join(root, 'main.ts'), startLine: 2, endLine: 3, text: 'line 2\nline 3\n' },
      },
      images: [{ data: 'iVBORw==', mimeType: 'image/png', filename: 'shot.png' }],
    });
  });

  it('runs /status and /reset with Autohand’s own methods, and tells the model it reports', async () => {
    const agent = fixture.agent();
    let changes = 0;
    agent.onInfoChanged(() => (changes += 1));
    expect((await agent.listCommands()).map((command) => command.name)).toEqual(['reset', 'status']);
    const status = createRecordingTurn({ message: '/status' });
    await agent.runTurn(status.turn);
    expect(answerText(status.contents)).toContain('- Model: fake-model');
    expect(agent.info.model).toBe('fake-model');
    expect(changes).toBe(1);
    const first = status.savedAgentSession();
    const reset = createRecordingTurn({ message: '/reset' });
    await agent.runTurn(reset.turn);
    expect(reset.savedAgentSession()).toMatch(/^fake-session-/);
    expect(reset.savedAgentSession()).not.toBe(first);
    expect(await fixture.sent('autohand.reset')).toHaveLength(1);
  });

  it('ends a turn stopped while a card waits, telling Autohand no', async () => {
    const agent = fixture.agent({ flavor: 'reference' });
    const recording = createRecordingTurn({
      message: 'write',
      onContent: (content) => {
        if (content.type === 'toolCallRun') recording.stop();
      },
    });
    await agent.runTurn(recording.turn);
    expect(await fixture.sent('autohand.abort')).toHaveLength(1);
    expect((await fixture.sent('autohand.permissionResponse')).map((params) => params.allowed)).toEqual([false]);
  });
});
