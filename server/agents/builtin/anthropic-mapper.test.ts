import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { ThreadEntry, ToolCallEntry } from '../../../lib/protocol/thread-model';
import { conversationProblem, type RequestMessage } from '../../demo-model/messages-request';
import {
  assistantContentToParams,
  canRequestThinking,
  CONFIG_REJECTED_TOOL_RESULT,
  REJECTED_TOOL_RESULT,
  toAnthropicMessages,
} from './anthropic-mapper';

function say(role: 'user' | 'assistant', ...chunks: string[]): ThreadEntry {
  return { type: 'message', role, chunks: chunks.map((chunk) => ({ type: 'text', chunk })) };
}

function toolCall(id: string, status: ToolCallEntry['status'], extra: Partial<ToolCallEntry> = {}): ThreadEntry {
  return { type: 'toolCall', id, name: 'read_file', server: 'builtin', origin: 'native', status, ...extra };
}

function expectValid(messages: Anthropic.MessageParam[]): void {
  expect(messages[0]?.role).toBe('user');
  messages.forEach((message, index) => {
    if (index > 0) expect(message.role).not.toBe(messages[index - 1]?.role);
  });
  expect(conversationProblem(messages as unknown as RequestMessage[])).toBeUndefined();
}

describe('toAnthropicMessages', () => {
  it("tells another agent's tool calls as text after a hand-over, and keeps its own as tool_use", () => {
    const history: ThreadEntry[] = [
      say('user', 'Fix the notes'),
      toolCall('batch-1/change-a', 'succeeded', { name: 'Edit notes.txt', summary: 'Change notes.txt', outputText: 'Applied.' }),
      say('assistant', 'Done.'),
      { type: 'handOver', from: 'claude', to: 'builtin' },
      say('user', 'Now read it'),
      toolCall('toolu_1', 'succeeded', { outputText: 'the notes' }),
    ];
    const messages = toAnthropicMessages(history, 'Thanks');
    expectValid(messages);
    const blocks = messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));
    expect(blocks.filter((block) => block.type === 'tool_use').map((block) => (block as Anthropic.ToolUseBlockParam).id)).toEqual([
      'toolu_1',
    ]);
    const told = blocks.find((block) => block.type === 'text' && block.text.includes('Edit notes.txt'));
    expect(told).toMatchObject({
      text: expect.stringContaining('the agent "claude" used its tool Edit notes.txt (Change notes.txt); result: Applied.'),
    });
  });

  it('joins chunks and appends the new prompt', () => {
    const messages = toAnthropicMessages([say('user', 'Hel', 'lo'), say('assistant', 'Hi ', 'there')], 'Next');
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hi there' }] },
      { role: 'user', content: [{ type: 'text', text: 'Next' }] },
    ]);
  });

  it('turns tool calls into tool_use and tool_result pairs, merged into alternating messages', () => {
    const messages = toAnthropicMessages(
      [
        say('user', 'Read two files'),
        say('assistant', 'Reading.'),
        toolCall('a', 'succeeded', { arguments: { path: 'a.md' }, outputText: 'A' }),
        toolCall('b', 'failed', { arguments: { path: 'b.md' }, outputText: 'The file b.md does not exist.' }),
        say('assistant', 'Done.'),
      ],
      'Thanks',
    );
    expectValid(messages);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Read two files' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 'a', name: 'read_file', input: { path: 'a.md' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'A' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'b', name: 'read_file', input: { path: 'b.md' } }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'b', content: 'The file b.md does not exist.', is_error: true }],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
  });

  it('tells the model about rejected and unfinished calls, merging the new prompt after them', () => {
    const messages = toAnthropicMessages(
      [
        say('user', 'Go'),
        toolCall('r', 'rejected', { arguments: { path: 'x' }, reason: 'user-choice' }),
        say('assistant', 'Ok.'),
        toolCall('i', 'interrupted', { argumentsText: '{"path":"y"}', reason: 'stopped' }),
        toolCall('p', 'preparing', { argumentsText: '{"pa' }),
      ],
      'Again',
    );
    expectValid(messages);
    expect(messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'r', content: REJECTED_TOOL_RESULT, is_error: true }]);
    expect(messages[3]?.content).toEqual([
      { type: 'text', text: 'Ok.' },
      { type: 'tool_use', id: 'i', name: 'read_file', input: { path: 'y' } },
    ]);
    expect(messages[4]?.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'i',
        content: 'The tool call was interrupted before it finished (stopped).',
        is_error: true,
      },
    ]);
    expect(messages[5]?.content).toEqual([{ type: 'tool_use', id: 'p', name: 'read_file', input: {} }]);
    expect(messages.at(-1)?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'p', content: 'The tool call was interrupted before it finished.', is_error: true },
      { type: 'text', text: 'Again' },
    ]);
  });

  it('tells the model a call the approval policy refused was refused by config, not by the user', () => {
    const messages = toAnthropicMessages(
      [say('user', 'Go'), toolCall('c', 'rejected', { argumentsText: '{"path":"x"}', reason: 'user-config' })],
      'Next',
    );
    expectValid(messages);
    expect(messages[1]?.content).toEqual([{ type: 'tool_use', id: 'c', name: 'read_file', input: { path: 'x' } }]);
    expect(messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'c', content: CONFIG_REJECTED_TOOL_RESULT, is_error: true },
      { type: 'text', text: 'Next' },
    ]);
  });

  it('drops empty messages and merges consecutive ones of the same role', () => {
    const messages = toAnthropicMessages(
      [say('user', 'One'), say('user', 'Two'), say('assistant', '  '), { type: 'readFile', path: 'a.md', content: 'A' }],
      'Three',
    );
    expectValid(messages);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'One' },
          { type: 'text', text: 'Two' },
          { type: 'text', text: 'Contents of a.md:\n\nA' },
          { type: 'text', text: 'Three' },
        ],
      },
    ]);
  });

  it('leaves recorded thoughts and links out of the history, joining the answer around them', () => {
    const messages = toAnthropicMessages(
      [
        say('user', 'Why?'),
        { type: 'reasoning', id: 'r1', text: 'Let me think.', status: 'finished', totalTimeMs: 10 },
        say('assistant', 'Because.'),
        { type: 'link', title: 'The docs', url: 'https://example.com/docs' },
        say('assistant', 'See the docs.'),
        { type: 'reasoning', id: 'r2', text: 'cut off', status: 'thinking' },
      ],
      'Thanks',
    );
    expectValid(messages);
    expect(messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Why?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Because.' },
          { type: 'text', text: 'See the docs.' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
  });

  it('marks an empty successful output so it is not mistaken for a missing one', () => {
    const messages = toAnthropicMessages([say('user', 'Go'), toolCall('e', 'succeeded', { arguments: {} })], 'Next');
    expect(messages[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'e', content: '(no output)' },
      { type: 'text', text: 'Next' },
    ]);
  });
});

describe('assistantContentToParams', () => {
  it('keeps text and tool_use blocks in request form', () => {
    const content = [
      { type: 'text', text: 'Hi', citations: null },
      { type: 'text', text: '', citations: null },
      { type: 'tool_use', id: 't', name: 'read_file', input: { path: 'a' }, caller: { type: 'direct' } },
    ] as unknown as Anthropic.ContentBlock[];
    expect(assistantContentToParams(content)).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'tool_use', id: 't', name: 'read_file', input: { path: 'a' } },
    ]);
  });

  it('keeps thinking first and unchanged, signature included, and drops citations', () => {
    const content = [
      { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'text', text: 'See.', citations: [{ type: 'web_search_result_location', url: 'https://x', title: 'X' }] },
    ] as unknown as Anthropic.ContentBlock[];
    expect(assistantContentToParams(content)).toEqual([
      { type: 'thinking', thinking: 'Hmm.', signature: 'sig' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'text', text: 'See.' },
    ]);
  });
});

describe('toAnthropicMessages with blocks', () => {
  it('puts the prompt blocks, in order, in the last user message', () => {
    const messages = toAnthropicMessages(
      [say('user', 'Hi'), say('assistant', 'Hello')],
      [
        { type: 'text', text: '<context type="repoMap">…</context>' },
        { type: 'text', text: 'Next' },
      ],
    );
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: '<context type="repoMap">…</context>' },
        { type: 'text', text: 'Next' },
      ],
    });
  });
});

describe('canRequestThinking', () => {
  const toolUse = { type: 'tool_use', id: 't', name: 'glob', input: {} } as const;
  const result = { type: 'tool_result', tool_use_id: 't', content: 'x' } as const;

  it('allows thinking unless the last message answers tool calls made without thinking', () => {
    expect(canRequestThinking([{ role: 'user', content: 'Hi' }])).toBe(true);
    expect(
      canRequestThinking([
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [result, { type: 'text', text: 'Next' }] },
      ]),
    ).toBe(false);
    expect(
      canRequestThinking([
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hmm', signature: 's' }, toolUse] },
        { role: 'user', content: [result] },
      ]),
    ).toBe(true);
  });
});
