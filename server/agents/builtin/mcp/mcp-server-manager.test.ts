/**
 * What the manager offers of running servers, with the published everything and filesystem
 * servers: tools under prefixed names, tool calls with cancellation and a timeout, prompts and
 * resources.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpResourceContextSchema } from '../../../../lib/protocol/eca/chat-context';
import { ChatCommandSchema } from '../../../../lib/protocol/eca/chat-methods';
import { ToolServerUpdatedParamsSchema } from '../../../../lib/protocol/eca/tool-servers';
import { promptCommand } from './mcp-prompts';
import { McpServerManager } from './mcp-server-manager';
import { EVERYTHING_BIN, FILESYSTEM_BIN, recordUpdates, useMcpServerManagers } from './testing/mcp-support';

const fixture = useMcpServerManagers();

describe('the everything and filesystem servers from npm', () => {
  let manager: McpServerManager;
  let sandbox: string;
  let record: ReturnType<typeof recordUpdates>;

  beforeAll(async () => {
    sandbox = await mkdtemp(path.join(fixture.workDir, 'sandbox-'));
    await writeFile(path.join(sandbox, 'notes.txt'), 'first line\nsecond line\n');
    manager = new McpServerManager({
      cwd: fixture.workDir,
      servers: {
        everything: { command: EVERYTHING_BIN, env: { GREETING: 'from the config' } },
        files: { command: FILESYSTEM_BIN, args: [sandbox] },
      },
      // Secrets in the relay's environment that must not reach a server.
      inheritedEnv: { PATH: process.env.PATH, HOME: fixture.workDir, ANTHROPIC_API_KEY: 'sk-secret', BATON_TOKEN: 'token-secret' },
      toolCallTimeoutMs: 2_000,
    });
    record = recordUpdates(manager);
    await manager.start();
  });
  afterAll(() => manager.close());

  it('reports each server starting, then running with its tools', () => {
    for (const name of ['everything', 'files']) {
      expect(record.of(name).map((update) => update.status)).toEqual(['starting', 'running']);
    }
    const running = record.of('everything').at(-1);
    expect(running).toMatchObject({ type: 'mcp', name: 'everything', command: EVERYTHING_BIN, args: [], status: 'running' });
    expect(running?.error).toBeUndefined();
    const echo = running?.tools?.find((tool) => tool.name === 'echo');
    expect(echo).toMatchObject({ description: expect.stringContaining('Echo'), parameters: { type: 'object' } });
    expect(echo?.parameters).toMatchObject({ properties: { message: { type: 'string' } } });
    // What goes out as tool/serverUpdated fits the protocol schema (which leaves `error` out).
    for (const update of record.updates) expect(ToolServerUpdatedParamsSchema.parse(update)).toMatchObject({ status: update.status });
  });

  it('offers the tools to the model under prefixed names that fit Anthropic', () => {
    const tools = manager.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-sum', 'files__read_text_file']));
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(tools.find((tool) => tool.name === 'everything__echo')?.input_schema).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
    });
    expect(manager.resolveTool('files__list_directory')).toEqual({ server: 'files', tool: 'list_directory' });
    expect(manager.resolveTool('read_file')).toBeUndefined();
  });

  it('calls a tool and returns its text', async () => {
    await expect(manager.callTool('everything__echo', { message: 'hello there' })).resolves.toEqual({
      text: 'Echo: hello there',
      isError: false,
    });
    const sum = await manager.callTool('everything__get-sum', { a: 2, b: 3 });
    expect(sum.text).toContain('5');
  });

  it('describes non-text content briefly instead of passing base64 on', async () => {
    const result = await manager.callTool('everything__get-tiny-image', {});
    expect(result.text).toMatch(/\[image: image\/png, \d+ bytes\]/);
    expect(result.text.length).toBeLessThan(1_000);
  });

  it('starts a server with PATH, HOME and its own variables only: none of the relay secrets', async () => {
    const { text } = await manager.callTool('everything__get-env', {});
    const env = JSON.parse(text) as Record<string, string>;
    expect(env).toEqual({ PATH: process.env.PATH, HOME: fixture.workDir, GREETING: 'from the config' });
  });

  it('cancels a running tool call when the signal aborts', async () => {
    const abort = new AbortController();
    const call = manager.callTool('everything__trigger-long-running-operation', { duration: 10, steps: 5 }, abort.signal);
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();
    await expect(call).rejects.toMatchObject({ name: 'McpClientError', code: 'cancelled' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a tool call after the timeout', async () => {
    await expect(manager.callTool('everything__trigger-long-running-operation', { duration: 10, steps: 5 })).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('timed out'),
    });
    // The server is still there for the next call.
    await expect(manager.callTool('everything__echo', { message: 'still here' })).resolves.toMatchObject({ isError: false });
  });

  it('refuses a tool name it does not know', async () => {
    await expect(manager.callTool('everything__no_such_tool', {})).rejects.toMatchObject({ code: 'unknown-tool' });
  });

  it('lists prompts with their arguments and gets one as text', async () => {
    const prompts = await manager.listPrompts();
    expect(prompts).toContainEqual({
      server: 'everything',
      name: 'args-prompt',
      description: expect.any(String),
      arguments: [
        { name: 'city', description: expect.any(String), required: true },
        { name: 'state', required: false },
      ],
    });
    for (const prompt of prompts) expect(ChatCommandSchema.safeParse(promptCommand(prompt)).success).toBe(true);
    const prompt = await manager.getPrompt('everything', 'args-prompt', { city: 'Lisbon', state: 'Portugal' });
    expect(prompt.messages).toEqual([{ role: 'user', text: expect.stringContaining('Lisbon') }]);
    expect(prompt.text).toContain('Lisbon');
  });

  it('lists resources as mcpResource contexts and reads one', async () => {
    const resources = await manager.listResources();
    const architecture = resources.find((resource) => resource.name === 'architecture.md');
    expect(architecture).toEqual({
      type: 'mcpResource',
      uri: 'demo://resource/static/document/architecture.md',
      name: 'architecture.md',
      description: expect.any(String),
      mimeType: 'text/markdown',
      server: 'everything',
    });
    for (const resource of resources) expect(McpResourceContextSchema.parse(resource)).toEqual(resource);
    const text = await manager.readResource('everything', architecture?.uri ?? '');
    expect(text).toMatch(/^# /m);
  });

  it('lists and reads a file inside the directory the filesystem server is confined to', async () => {
    const listing = await manager.callTool('files__list_directory', { path: sandbox });
    expect(listing).toEqual({ text: expect.stringContaining('[FILE] notes.txt'), isError: false });
    const read = await manager.callTool('files__read_text_file', { path: path.join(sandbox, 'notes.txt') });
    expect(read).toEqual({ text: 'first line\nsecond line\n', isError: false });
  });

  it('returns the filesystem server refusing a path outside its directory as an error result', async () => {
    const outside = await manager.callTool('files__read_text_file', { path: path.join(fixture.workDir, 'elsewhere.txt') });
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/access denied|outside allowed/i);
  });
});
