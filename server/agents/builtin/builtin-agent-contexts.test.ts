import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatContext } from '../../../lib/protocol/eca-chat';
import { contentBlocks, type RequestMessage } from '../../demo-model/messages-request';
import { say, scriptedSteps, useAgentFixture } from './testing/agent-support';
import { McpServerManager } from './mcp/mcp-server-manager';
import { EVERYTHING_BIN } from './mcp/testing/mcp-support';
import { WEB_CONTEXT_NOTE } from './prompt-contexts';
import { createRecordingTurn } from '../../hub/testing/recording-turn';

const NOTES = 'alpha\nbeta\ngamma\ndelta\n';

const fixture = useAgentFixture({
  prefix: 'baton-contexts-',
  async prepare({ workspaceRoot }) {
    await writeFile(path.join(workspaceRoot, 'notes.txt'), NOTES);
    await mkdir(path.join(workspaceRoot, 'src', 'lib'), { recursive: true });
    await writeFile(path.join(workspaceRoot, 'src', 'main.ts'), 'export {};\n');
  },
});

/** Runs a turn with the contexts and returns the blocks of the user message the model received. */
async function sentWith(contexts: ChatContext[], mcp?: McpServerManager) {
  const agent = await fixture.agentWith(scriptedSteps(say('Noted.')), { mcp });
  const recording = createRecordingTurn({ message: 'What about these?', contexts });
  await agent.runTurn(recording.turn);
  const blocks = contentBlocks(fixture.server?.requests[0]?.messages.at(-1) as RequestMessage);
  const texts = blocks.map((block) => (block.type === 'text' ? block.text : ''));
  return { texts, recording };
}

describe('contexts attached to a prompt', () => {
  it('go before the typed text in one block of delimited contexts; the thread keeps only what was typed', async () => {
    const { texts, recording } = await sentWith([
      { type: 'file', path: 'notes.txt' },
      { type: 'file', path: 'notes.txt', linesRange: { start: 2, end: 3 } },
    ]);
    expect(texts).toEqual([
      [
        'The user attached these contexts to the message that follows them.',
        `<context type="file" path="notes.txt">\n${NOTES}</context>`,
        '<context type="file" path="notes.txt" lines="2-3">\nbeta\ngamma\n</context>',
      ].join('\n\n'),
      'What about these?',
    ]);
    const user = recording.entries().find((entry) => entry.type === 'message' && entry.role === 'user');
    expect(user?.type === 'message' && user.chunks.map((chunk) => chunk.chunk).join('')).toBe('What about these?');
  });

  it('lists a folder, maps the workspace, and shows the lines around the cursor', async () => {
    const { texts } = await sentWith([
      { type: 'directory', path: 'src' },
      { type: 'repoMap' },
      { type: 'cursor', path: 'notes.txt', position: { start: { line: 2, character: 1 }, end: { line: 2, character: 1 } } },
      { type: 'cursor', path: 'notes.txt', position: { start: { line: 0, character: 0 }, end: { line: 1, character: 4 } } },
    ]);
    const [contexts] = texts;
    expect(contexts).toContain('<context type="directory" path="src">\nsrc/\nlib/\nmain.ts\n</context>');
    expect(contexts).toContain('<context type="repoMap">\n./\nnotes.txt\nsrc/\n  lib/\n  main.ts\n</context>');
    expect(contexts).toContain(
      [
        '<context type="cursor" path="notes.txt">',
        'The cursor is at line 3, column 2.',
        '  1 | alpha',
        '  2 | beta',
        '> 3 | gamma',
        '  4 | delta',
        '  5 | ',
        '</context>',
      ].join('\n'),
    );
    expect(contexts).toContain('The selection runs from line 1, column 1 to line 2, column 5.\n> 1 | alpha\n> 2 | beta\n  3 | gamma');
  });

  it('gives a web page as its address only, and a context that cannot be read as a note', async () => {
    const { texts, recording } = await sentWith([
      { type: 'web', url: 'https://example.com/a?b="c"' },
      { type: 'file', path: 'missing.md' },
      { type: 'file', path: '../outside.txt' },
      { type: 'mcpResource', server: 'docs', uri: 'demo://x', name: 'x', description: '', mimeType: '' },
    ]);
    const [contexts] = texts;
    expect(contexts).toContain(`<context type="web" url="https://example.com/a?b=&quot;c&quot;">\n${WEB_CONTEXT_NOTE}\n</context>`);
    expect(contexts).toContain(
      '<context type="file" path="missing.md">\n(Could not be included: The file missing.md does not exist.)\n</context>',
    );
    expect(contexts).toMatch(/<context type="file" path="\.\.\/outside\.txt">\n\(Could not be included: [^\n]+\)\n<\/context>/);
    expect(contexts).toContain(
      '<context type="mcpResource" server="docs" uri="demo://x" name="x">\n(Could not be included: no MCP servers are configured)',
    );
    // The turn itself went on as usual.
    expect(recording.contents.some((content) => content.type === 'text' && content.text === 'Noted.')).toBe(true);
  });
});

describe('an MCP resource attached to a prompt', () => {
  let manager: McpServerManager;

  beforeAll(async () => {
    manager = new McpServerManager({ cwd: tmpdir(), servers: { everything: { command: EVERYTHING_BIN } }, shutdownGraceMs: 500 });
    await manager.start();
  });
  afterAll(() => manager.close());

  it('is read from its server, and a server that is not there is a note', async () => {
    const [architecture] = (await manager.listResources()).filter(
      (resource) => resource.type === 'mcpResource' && resource.name === 'architecture.md',
    );
    expect(architecture).toBeDefined();
    const { texts } = await sentWith(
      [
        architecture as ChatContext,
        { type: 'mcpResource', server: 'absent', uri: 'demo://x', name: 'x', description: '', mimeType: 'text/plain' },
      ],
      manager,
    );
    const [contexts] = texts;
    expect(contexts).toMatch(
      /<context type="mcpResource" server="everything" uri="demo:\/\/resource\/static\/document\/architecture\.md" name="architecture\.md" mimeType="text\/markdown">\n# /,
    );
    expect(contexts).toContain('(Could not be included: There is no MCP server named absent)');
  });
});
