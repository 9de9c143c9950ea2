import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';
import { AgentUnavailableError } from '../agent-backend';
import { fakeServerEntry, spokenText, useEcaClient } from './testing/eca-client-support';

describe('ECA client: lifecycle and a plain turn', () => {
  const fixture = useEcaClient();

  it('initializes with the workspace, streams a turn and ends it on the server’s progress finished', async () => {
    const backend = fixture.backend();
    let infoChanges = 0;
    backend.onInfoChanged(() => infoChanges++);
    const recording = createRecordingTurn({ message: 'hello there' });
    await backend.runTurn(recording.turn);

    expect(contentOutline(recording.contents)).toEqual([
      'progress',
      'reasonStarted',
      'reasonText',
      'reasonFinished',
      'text',
      'url',
      'usage',
    ]);
    // The server's own "Waiting model" progress passes; its `finished` and the user's message do not.
    expect(recording.contents[0]).toMatchObject({ type: 'progress', state: 'running' });
    expect(spokenText(recording.contents)).toBe('Hello from the fake ECA server.');
    expect(recording.contents.at(-1)).toMatchObject({ type: 'usage', sessionTokens: 120, lastMessageCost: '$0.01' });
    expect(recording.savedAgentSession()).toMatch(/^chat-/);
    expect(recording.notes).toEqual([]);

    const initialize = fixture.logs.find((line) => line.includes('initialize {'))!;
    const params = JSON.parse(initialize.slice(initialize.indexOf('{')));
    expect(params).toMatchObject({
      processId: process.pid,
      clientInfo: { name: 'baton' },
      capabilities: { codeAssistant: { chat: true, editor: { diagnostics: true } } },
      workspaceFolders: [{ uri: pathToFileURL(fixture.workspaceRoot).href }],
    });
    // config/updated: the selected model and behaviour, the selected behaviour first.
    expect(backend.info).toMatchObject({
      kind: 'eca',
      model: 'fake-large',
      models: ['fake-small', 'fake-large'],
      behaviors: ['agent', 'plan', 'review'],
      offlineDemo: false,
      capabilities: { contexts: true, commands: true, sessionApproval: true },
    });
    expect(infoChanges).toBe(1);
  });

  it('says shutdown then exit on close, so the server exits with 0', async () => {
    const backend = fixture.backend();
    await backend.runTurn(createRecordingTurn({ message: 'hi' }).turn);
    await backend.close();
    await fixture.until(() => fixture.logs.some((line) => line.includes('exited with code 0')), 'the server to exit');
    expect(fixture.logs.join('\n')).not.toMatch(/exited with code [^0]/);
  });

  it('reads a v1 server: models from initialize, messageCost, outputs[].content, status success', async () => {
    const backend = fixture.backend(fakeServerEntry(['--protocol=1']));
    const recording = createRecordingTurn({ message: 'auto read' });
    await backend.runTurn(recording.turn);
    expect(backend.info).toMatchObject({ model: 'fake-small', models: ['fake-small', 'fake-large'], behaviors: ['agent', 'plan'] });
    expect(recording.contents.find((content) => content.type === 'usage')).toMatchObject({ lastMessageCost: '$0.01' });
    expect(recording.contents.find((content) => content.type === 'toolCalled')).toMatchObject({
      server: 'ECA',
      outputs: [{ type: 'text', text: 'The readme.' }],
    });
    expect(recording.entries().find((entry) => entry.type === 'toolCall')).toMatchObject({
      status: 'succeeded',
      outputText: 'The readme.',
    });
  });

  it('forwards the model, the behaviour and the contexts of a prompt', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({
      message: 'echo this',
      model: 'fake-small',
      behavior: 'plan',
      contexts: [{ type: 'file', path: 'README.md' }],
    });
    await backend.runTurn(recording.turn);
    expect(JSON.parse(spokenText(recording.contents))).toEqual({
      chatId: null,
      model: 'fake-small',
      behavior: 'plan',
      // The current protocol's name of the behaviour goes too.
      agent: 'plan',
      contexts: [{ type: 'file', path: 'README.md' }],
      message: 'echo this',
    });
  });

  it('answers editor/getDiagnostics (a string id) with an empty list', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'diagnostics please' });
    await backend.runTurn(recording.turn);
    expect(spokenText(recording.contents)).toBe('Diagnostics: 0.');
  });

  it('shows $/showMessage as a note of the running turn', async () => {
    const backend = fixture.backend();
    const recording = createRecordingTurn({ message: 'show something' });
    await backend.runTurn(recording.turn);
    expect(recording.notes).toEqual(['fake-eca (ECA) (warning): The fake server is low on imagination.']);
    expect(spokenText(recording.contents)).toBe('Shown.');
  });

  it('refuses a command that does not exist with a clear message', async () => {
    const backend = fixture.backend({ kind: 'eca', command: 'no-such-eca-server-here', args: [], env: {}, passEnv: [] });
    const failure = backend.runTurn(createRecordingTurn({ message: 'hi' }).turn);
    await expect(failure).rejects.toBeInstanceOf(AgentUnavailableError);
    await expect(failure).rejects.toThrow(/"no-such-eca-server-here" was not found/);
  });
});
