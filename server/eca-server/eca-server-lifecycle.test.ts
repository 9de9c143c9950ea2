/**
 * The lifecycle rules an editor relies on (specs/eca-protocol-v2.md, "Lifecycle Messages", which
 * follow LSP's): which workspace `initialize` picks, what is refused before and after, and the exit
 * code. The server runs in this process on in-memory pipes, with the offline demo model.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestFolders, startEcaServerInProcess, within, type InProcessServer, type TestFolders } from './testing/eca-server-support';

let folders: TestFolders;
let running: InProcessServer;

beforeEach(async () => {
  folders = await makeTestFolders();
  running = startEcaServerInProcess({ workspaceRoot: folders.workspace, dataDir: folders.dataDir, env: {} });
});

afterEach(async () => {
  await running.server.stop();
  await folders.remove();
});

const exitCode = () => within(running.server.exitCode, 'the exit code', () => running.logs.join('\n'));

describe('the ECA server lifecycle', () => {
  it('exits with 0 after shutdown and exit', async () => {
    await running.editor.start(folders.workspace);
    expect(await running.editor.shutdownAndExit()).toBeNull();
    expect(await exitCode()).toBe(0);
  });

  it('exits with 1 on exit without shutdown', async () => {
    await running.editor.start(folders.workspace);
    running.editor.connection.notify('exit', undefined);
    expect(await exitCode()).toBe(1);
  });

  it('exits with 1 when the editor closes the stream without shutdown', async () => {
    await running.editor.start(folders.workspace);
    running.editor.connection.close();
    expect(await exitCode()).toBe(1);
  });

  it('refuses every request after shutdown with -32600, and a second initialize too', async () => {
    const { editor } = running;
    await editor.start(folders.workspace);
    await expect(editor.start(folders.workspace)).rejects.toMatchObject({ code: -32600 });

    await editor.connection.request('shutdown', undefined);
    await expect(editor.connection.request('chat/prompt', { message: 'hello' })).rejects.toMatchObject({ code: -32600 });
    await expect(editor.connection.request('shutdown', undefined)).rejects.toMatchObject({ code: -32600 });
    editor.connection.notify('exit', undefined);
    expect(await exitCode()).toBe(0);
  });

  it('works in the first workspace folder of initialize rather than the --workspace one', async () => {
    const project = path.join(path.dirname(folders.workspace), 'editor-project');
    await mkdir(project);
    await writeFile(path.join(project, 'only-here.md'), '# here\n');

    await running.editor.start(project);
    const { contexts } = await running.editor.connection.request('chat/queryContext', { query: 'only', contexts: [] });
    // Editors name files by absolute paths, as ECA servers do.
    expect(contexts).toEqual([{ type: 'file', path: path.join(project, 'only-here.md') }]);
  });

  it('refuses a workspace folder that is not a directory, and may be initialized again', async () => {
    const { editor } = running;
    const missing = pathToFileURL(path.join(folders.workspace, 'no-such-folder')).href;
    await expect(
      editor.connection.request('initialize', {
        processId: null,
        capabilities: {},
        workspaceFolders: [{ uri: missing, name: 'missing' }],
      }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(editor.connection.request('chat/queryCommands', { query: '' })).rejects.toMatchObject({ code: -32002 });

    expect(await editor.start(folders.workspace)).toMatchObject({ chatWelcomeMessage: expect.any(String) });
  });

  it('refuses to start with a config file it cannot use, and says which', async () => {
    await mkdir(folders.dataDir, { recursive: true });
    await writeFile(path.join(folders.dataDir, 'config.json'), '{ "toolApproval": [ { "tool": "grep" } ] }');
    await expect(running.editor.start(folders.workspace)).rejects.toMatchObject({
      code: -32803,
      message: expect.stringContaining('config.json'),
    });
  });

  it('selects the behaviour initializationOptions asks for', async () => {
    await running.editor.start(folders.workspace, { initializationOptions: { chatBehavior: 'plan' } });
    expect(await running.editor.notification('config/updated')).toMatchObject({ chat: { selectBehavior: 'plan' } });
  });
});
