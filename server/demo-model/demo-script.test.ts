import { describe, expect, it } from 'vitest';
import { createDemoScript, DEMO_FILE_PATH, DEMO_LINK, demoFileContent } from './demo-script';
import type { MessagesRequest, RequestMessage } from './messages-request';
import type { ScriptedReply } from './scripted-reply';

const script = createDemoScript({ delayBetweenDeltasMs: 0 });
const prompt = 'Show me what you can do';

async function reply(messages: RequestMessage[], thinking?: MessagesRequest['thinking']): Promise<ScriptedReply> {
  const request: MessagesRequest = { model: 'offline-demo', max_tokens: 2048, messages, ...(thinking ? { thinking } : {}) };
  const answer = await script(request);
  if ('error' in answer) throw new Error('the demo script answered an error');
  return answer;
}

function textOf(answer: ScriptedReply): string {
  return answer.blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

const readCall: RequestMessage = {
  role: 'assistant',
  content: [
    { type: 'text', text: 'First, let me read the README.' },
    { type: 'tool_use', id: 'toolu_read', name: 'read_file', input: { path: 'README.md' } },
  ],
};
const writeCall: RequestMessage = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'toolu_write', name: 'write_file', input: { path: DEMO_FILE_PATH, content: 'x' } }],
};

function toolResult(toolUseId: string, content: string, isError = false): RequestMessage {
  return { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content, is_error: isError }] };
}

describe('the offline demo script', () => {
  it('answers a fresh prompt with labelled Markdown, then reads README.md', async () => {
    const answer = await reply([{ role: 'user', content: prompt }]);
    expect(textOf(answer)).toContain("**This is Baton's offline demo model.**");
    expect(textOf(answer)).toMatch(/\n- /);
    expect(answer.blocks.at(-1)).toEqual({ type: 'tool_use', name: 'read_file', input: { path: 'README.md' } });
    expect(answer.delayBetweenDeltasMs).toBe(0);
  });

  it('thinks first when the request enables thinking, and cites the API docs for a link card', async () => {
    const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
    const intro = await reply([{ role: 'user', content: prompt }], thinking);
    expect(intro.blocks[0]).toMatchObject({ type: 'thinking', thinking: expect.stringContaining('README.md') });
    expect(intro.blocks).toContainEqual(expect.objectContaining({ type: 'text', citations: [DEMO_LINK] }));
    const afterRead = await reply([{ role: 'user', content: prompt }, readCall, toolResult('toolu_read', '# P')], thinking);
    expect(afterRead.blocks[0]).toMatchObject({ type: 'thinking' });

    const unasked = await reply([{ role: 'user', content: prompt }]);
    expect(unasked.blocks.some((block) => block.type === 'thinking')).toBe(false);
  });

  it('names the contexts attached before the prompt, and quotes only what the user typed', async () => {
    const contexts = [
      'The user attached these contexts to the message that follows them.',
      '<context type="file" path="notes.txt">\nalpha\n</context>',
      '<context type="repoMap">\n./\n</context>',
    ].join('\n\n');
    const message: RequestMessage = {
      role: 'user',
      content: [
        { type: 'text', text: contexts },
        { type: 'text', text: prompt },
      ],
    };
    const intro = await reply([message]);
    expect(textOf(intro)).toContain('You attached file `notes.txt`, repoMap; a real model would read them with your message.');
    const afterRead = await reply([message, readCall, toolResult('toolu_read', '# P')]);
    expect(afterRead.blocks.at(-1)).toMatchObject({ input: { content: demoFileContent(prompt) } });
  });

  it('streams slowly enough to watch by default', async () => {
    const answer = await createDemoScript()({
      model: 'offline-demo',
      max_tokens: 1,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect('blocks' in answer && answer.delayBetweenDeltasMs).toBe(30);
  });

  it('after the read, tells what it read and asks to write baton-demo.md with the prompt in it', async () => {
    const answer = await reply([{ role: 'user', content: prompt }, readCall, toolResult('toolu_read', '\n# My Project\n\nMore text.')]);
    expect(textOf(answer)).toContain('its first line is: "# My Project"');
    const write = answer.blocks.at(-1);
    expect(write).toEqual({
      type: 'tool_use',
      name: 'write_file',
      input: { path: DEMO_FILE_PATH, content: demoFileContent(prompt) },
    });
    expect(demoFileContent(prompt)).toContain(`> ${prompt}`);
  });

  it('after a failed read, says the README could not be read and still proposes the edit', async () => {
    const answer = await reply([
      { role: 'user', content: [{ type: 'text', text: prompt }] },
      readCall,
      toolResult('toolu_read', 'The file README.md does not exist.', true),
    ]);
    expect(textOf(answer)).toContain('I could not read `README.md` (The file README.md does not exist.)');
    expect(answer.blocks.at(-1)).toMatchObject({ type: 'tool_use', name: 'write_file' });
  });

  it('after the write is approved, confirms the edit', async () => {
    const answer = await reply([
      { role: 'user', content: prompt },
      readCall,
      toolResult('toolu_read', '# P'),
      writeCall,
      toolResult('toolu_write', 'Wrote baton-demo.md'),
    ]);
    expect(textOf(answer)).toContain('Done: I wrote `baton-demo.md`');
    expect(answer.blocks.every((block) => block.type === 'text')).toBe(true);
  });

  it('after the write is rejected, says it left the file alone', async () => {
    const answer = await reply([
      { role: 'user', content: prompt },
      writeCall,
      toolResult('toolu_write', 'The user rejected this tool call.', true),
    ]);
    expect(textOf(answer)).toContain('You rejected the edit, so I left `baton-demo.md` alone');
    expect(answer.blocks.every((block) => block.type === 'text')).toBe(true);
  });

  it('starts over when a new prompt follows an unanswered tool call', async () => {
    const answer = await reply([
      { role: 'user', content: prompt },
      writeCall,
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_write', content: 'Interrupted.', is_error: true },
          { type: 'text', text: 'Try again' },
        ],
      },
    ]);
    expect(answer.blocks.at(-1)).toMatchObject({ name: 'read_file' });
  });
});
