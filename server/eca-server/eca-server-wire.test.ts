/**
 * `baton eca-server` on the wire, without an API key (the offline demo model): bytes that make no
 * message, requests before `initialize`, and the welcome an editor shows.
 */
import { describe, expect, it } from 'vitest';
import type { ConfigUpdatedParams } from '../../lib/protocol/eca/config';
import { expectCleanExit, linkToProcess, TestEditor, useEcaServerProcess } from './testing/eca-server-support';

const fixture = useEcaServerProcess();

function framed(message: object): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const isResponseTo = (id: string | number | null) => (message: unknown) =>
  typeof message === 'object' && message !== null && 'id' in message && message.id === id && !('method' in message);

describe('baton eca-server on the wire', () => {
  it('answers bad framing with -32700 and still answers the valid request after it', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    const initialize = {
      jsonrpc: '2.0',
      id: 'after-garbage',
      method: 'initialize',
      params: { processId: null, capabilities: {}, workspaceFolders: [] },
    };
    fixture.server.child.stdin.write(
      // A header whose Content-Length is no number: the reader cannot trust it and looks for the next header.
      'Content-Length: twelve\r\n\r\n{"jsonrpc":"2.0","id":"lost","method":"shutdown"}' +
        // A well-framed body that is not JSON.
        'Content-Length: 5\r\n\r\n{oops' +
        framed(initialize),
    );

    expect(await editor.message(isResponseTo('after-garbage'), 'the answer to initialize')).toEqual({
      jsonrpc: '2.0',
      id: 'after-garbage',
      result: expect.objectContaining({ chatDefaultModel: 'offline-demo' }),
    });
    const parseErrors = editor.received.filter(isResponseTo(null));
    expect(parseErrors).toEqual([
      { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) },
      { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32700 }) },
    ]);
    // The message behind the bad header was skipped, not read as a request.
    expect(editor.received.filter(isResponseTo('lost'))).toEqual([]);

    editor.connection.notify('initialized', {});
    await editor.notification('config/updated');
    await expectCleanExit(editor, fixture.server);
  });

  it('refuses requests before initialize with -32002, then serves them once initialized', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    await expect(editor.connection.request('chat/queryCommands', { query: '' })).rejects.toMatchObject({ code: -32002 });
    await expect(editor.connection.request('shutdown', undefined)).rejects.toMatchObject({ code: -32002 });

    await editor.start(fixture.folders.workspace);
    await expect(editor.connection.request('chat/queryCommands', { query: '' })).resolves.toMatchObject({
      commands: expect.any(Array),
    });
    await expectCleanExit(editor, fixture.server);
  });

  it('says in its welcome that the offline demo model answers when there is no API key', async () => {
    const editor = new TestEditor(linkToProcess(fixture.server));
    // No workspace folder: the server works in the --workspace it was started with.
    // Editors open the chat with what the answer to initialize says (v1's fields), before config/updated.
    const welcome = {
      models: ['offline-demo'],
      chatDefaultModel: 'offline-demo',
      chatBehaviors: ['agent', 'plan'],
      chatDefaultBehavior: 'agent',
    };
    expect(await editor.start(undefined)).toEqual({ ...welcome, chatWelcomeMessage: expect.stringMatching(/offline demo model/) });

    const config = (await editor.notification('config/updated')) as ConfigUpdatedParams;
    expect(config.chat?.welcomeMessage).toMatch(/offline demo model/);
    expect(config.chat?.welcomeMessage).toMatch(/ANTHROPIC_API_KEY/);
    expect(config.chat?.models).toEqual(['offline-demo']);
    expect(fixture.server.stderr()).toContain(fixture.folders.workspace);
    await expectCleanExit(editor, fixture.server);
  });
});
