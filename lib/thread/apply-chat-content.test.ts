import { describe, expect, it } from 'vitest';
import type { ChatContentInput, ChatRole } from '../protocol/eca-chat';
import { ChatContentSchema } from '../protocol/eca-chat';
import type { ThreadEntry } from '../protocol/thread-model';
import { applyChatContent, applyChatContentInPlace, interruptOpenToolCalls, joinAdjacentTextChunks } from './apply-chat-content';
import { approvalLabel } from './review-labels';

function fold(contents: Array<[ChatRole, ChatContentInput]>, start: ThreadEntry[] = []): ThreadEntry[] {
  return contents.reduce<ThreadEntry[]>(
    (entries, [role, content]) => applyChatContent(entries, role, ChatContentSchema.parse(content)),
    start,
  );
}

const writeCall = { origin: 'native', id: 'call-1', name: 'write_file', server: 'builtin' } as const;

describe('applyChatContent', () => {
  it("keeps the boundary a command runs in, from the card that asks to the call's end", () => {
    const shell = { origin: 'native', id: 'call-9', name: 'shell_command', server: 'builtin' } as const;
    const boundary = { sandboxed: true, network: false };
    const asked = fold([
      ['user', { type: 'text', text: 'run' }],
      ['assistant', { type: 'toolCallRun', ...shell, arguments: { command: 'ls' }, manualApproval: true, boundary }],
    ]);
    expect(asked[1]).toMatchObject({ status: 'waiting-approval', boundary });
    const ended = fold(
      [
        ['assistant', { type: 'toolCallRunning', ...shell, arguments: { command: 'ls' }, outputChunk: 'a\n' }],
        ['assistant', { type: 'toolCalled', ...shell, arguments: { command: 'ls' }, error: false, outputs: [{ type: 'text', text: 'a' }] }],
      ],
      asked,
    );
    expect(ended[1]).toMatchObject({ status: 'succeeded', boundary });
  });

  it('starts a user message per prompt and streams assistant text into one message', () => {
    const entries = fold([
      ['user', { type: 'text', text: 'hi' }],
      ['system', { type: 'progress', state: 'running', text: 'Thinking' }],
      ['assistant', { type: 'text', text: 'Hel' }],
      ['assistant', { type: 'text', text: 'lo' }],
      ['user', { type: 'text', text: 'again' }],
    ]);
    expect(entries).toEqual([
      { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'hi' }] },
      { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Hello' }] },
      { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'again' }] },
    ]);
  });

  it("starts a new assistant message when the agent's messageId changes, and glues chunks of one id", () => {
    const entries = fold([
      ['user', { type: 'text', text: 'hi' }],
      ['assistant', { type: 'text', text: 'first ', messageId: 'm1' }],
      ['assistant', { type: 'text', text: 'part', messageId: 'm1' }],
      ['assistant', { type: 'text', text: 'second', messageId: 'm2' }],
    ]);
    expect(entries.slice(1)).toEqual([
      { type: 'message', role: 'assistant', messageId: 'm1', chunks: [{ type: 'text', chunk: 'first part' }] },
      { type: 'message', role: 'assistant', messageId: 'm2', chunks: [{ type: 'text', chunk: 'second' }] },
    ]);
  });

  it('grows the last entry in place for a streamed piece, and says which positions changed', () => {
    const entries = fold([
      ['user', { type: 'text', text: 'hi' }],
      ['assistant', { type: 'text', text: 'A' }],
    ]);
    const [prompt, answer] = entries;
    expect(applyChatContentInPlace(entries, 'assistant', ChatContentSchema.parse({ type: 'text', text: 'B' }))).toEqual([1]);
    expect(entries[0]).toBe(prompt);
    expect(entries[1]).not.toBe(answer);
    expect(answer).toEqual({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'A' }] });
    expect(entries[1]).toEqual({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'AB' }] });
    expect(applyChatContentInPlace(entries, 'user', ChatContentSchema.parse({ type: 'text', text: 'next' }))).toEqual([2]);
    expect(applyChatContentInPlace(entries, 'system', ChatContentSchema.parse({ type: 'metadata', title: 'T' }))).toEqual([]);
    expect(entries).toHaveLength(3);
  });

  it('joins the pieces of an answer stored a chunk per piece, and continues it', () => {
    const oldShape: ThreadEntry = {
      type: 'message',
      role: 'assistant',
      chunks: [
        { type: 'text', chunk: 'Hel' },
        { type: 'text', chunk: 'lo ' },
        { type: 'text', chunk: 'there' },
      ],
    };
    const joined = joinAdjacentTextChunks(oldShape);
    expect(joined).toEqual({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Hello there' }] });
    expect(joinAdjacentTextChunks(joined)).toBe(joined);
    expect(fold([['assistant', { type: 'text', text: '!' }]], [oldShape])).toEqual([
      {
        type: 'message',
        role: 'assistant',
        chunks: [
          { type: 'text', chunk: 'Hel' },
          { type: 'text', chunk: 'lo ' },
          { type: 'text', chunk: 'there!' },
        ],
      },
    ]);
  });

  it('follows a tool call from preparation through approval to its result', () => {
    const details = { type: 'fileChange', path: 'a.md', diff: '+x', linesAdded: 1, linesRemoved: 0 } as const;
    const waiting = fold([
      ['assistant', { type: 'toolCallPrepare', ...writeCall, argumentsText: '{"path":' }],
      ['assistant', { type: 'toolCallPrepare', ...writeCall, argumentsText: '"a.md"}' }],
      ['assistant', { type: 'toolCallRun', ...writeCall, arguments: { path: 'a.md' }, manualApproval: true, details }],
    ]);
    expect(waiting).toEqual([
      expect.objectContaining({ type: 'toolCall', status: 'waiting-approval', argumentsText: '{"path":"a.md"}', details }),
    ]);
    const done = fold(
      [
        ['assistant', { type: 'toolCallRunning', ...writeCall, arguments: { path: 'a.md' } }],
        [
          'assistant',
          {
            type: 'toolCalled',
            ...writeCall,
            arguments: {},
            error: false,
            outputs: [{ type: 'text', text: 'wrote a.md' }],
            totalTimeMs: 4,
          },
        ],
        ['assistant', { type: 'text', text: 'Done.' }],
      ],
      waiting,
    );
    expect(done[0]).toMatchObject({ status: 'succeeded', outputText: 'wrote a.md', details });
    expect(done[1]).toMatchObject({ type: 'message', role: 'assistant' });
  });

  it('appends the output a running call streams, and keeps it once the call ends', () => {
    const shellCall = { origin: 'native', id: 'sh-1', name: 'shell_command', server: 'builtin' } as const;
    const running = fold([
      ['assistant', { type: 'toolCallRun', ...shellCall, arguments: { command: 'make' }, manualApproval: false }],
      ['assistant', { type: 'toolCallRunning', ...shellCall, arguments: { command: 'make' } }],
      ['assistant', { type: 'toolCallRunning', ...shellCall, arguments: { command: 'make' }, outputChunk: 'one\n' }],
      ['assistant', { type: 'toolCallRunning', ...shellCall, arguments: { command: 'make' }, outputChunk: 'two\n' }],
    ]);
    expect(running).toEqual([expect.objectContaining({ status: 'running', streamedOutput: 'one\ntwo\n' })]);
    const ended = fold(
      [['assistant', { type: 'toolCalled', ...shellCall, arguments: {}, error: true, outputs: [{ type: 'text', text: 'Interrupted' }] }]],
      running,
    );
    expect(ended[0]).toMatchObject({ status: 'failed', outputText: 'Interrupted', streamedOutput: 'one\ntwo\n' });
    expect(fold([['assistant', { type: 'toolCallRunning', ...shellCall, arguments: {} }]])[0]).not.toHaveProperty('streamedOutput');
  });

  it('accepts the v1 `content` output and marks a failed call', () => {
    const entries = fold([
      ['assistant', { type: 'toolCalled', ...writeCall, arguments: [], error: true, outputs: [{ type: 'text', content: 'no such file' }] }],
    ]);
    expect(entries[0]).toMatchObject({ status: 'failed', outputText: 'no such file' });
  });

  it("records what let a call run unasked: a config file's rule, Baton's defaults, or an older relay's bare 'config'", () => {
    const run = (id: string, extra: Partial<ChatContentInput>) =>
      fold([
        ['assistant', { type: 'toolCallRun', ...writeCall, id, arguments: {}, manualApproval: false, ...extra } as ChatContentInput],
      ])[0];
    const rule = { file: '.baton/config.json', rule: 'allow write_file' };
    const byRule = run('a', { autoApproved: 'config', approvingRule: rule });
    const byDefaults = run('b', { autoApproved: 'default' });
    const byOlderRelay = run('c', { autoApproved: 'config' });
    expect([byRule, byDefaults, byOlderRelay].map((entry) => (entry?.type === 'toolCall' ? entry.approval : undefined))).toEqual([
      { decision: 'approved', by: 'config-rule', rule },
      { decision: 'approved', by: 'default-rule' },
      { decision: 'approved', by: 'config-rule' },
    ]);
    expect(
      [byRule, byDefaults, byOlderRelay].map((entry) =>
        entry?.type === 'toolCall' && entry.approval ? approvalLabel(entry.approval) : '',
      ),
    ).toEqual(['Allowed by a rule in .baton/config.json', "Allowed by Baton's default rules", 'Allowed by a config rule']);
  });

  it('records a rejection with its reason', () => {
    const entries = fold([
      ['assistant', { type: 'toolCallRun', ...writeCall, arguments: {}, manualApproval: true }],
      ['assistant', { type: 'toolCallRejected', ...writeCall, arguments: {}, reason: 'user-choice' }],
    ]);
    expect(entries[0]).toMatchObject({ status: 'rejected', reason: 'user-choice' });
    const byConfig = fold([
      ['assistant', { type: 'toolCallPrepare', ...writeCall, argumentsText: '{"path":"a.md"}' }],
      ['assistant', { type: 'toolCallRejected', ...writeCall, arguments: { path: 'a.md' }, reason: 'user-config' }],
    ]);
    expect(byConfig[0]).toMatchObject({ status: 'rejected', reason: 'user-config', arguments: { path: 'a.md' } });
  });

  it('keeps untouched entries as the same objects so only changes are persisted', () => {
    const before = fold([['user', { type: 'text', text: 'hi' }]]);
    const after = applyChatContent(before, 'assistant', { type: 'text', text: 'yo' });
    expect(after[0]).toBe(before[0]);
    expect(applyChatContent(after, 'system', { type: 'metadata', title: 'T' })).toBe(after);
  });

  it('interrupts open tool calls and leaves finished ones alone', () => {
    const entries = fold([
      ['assistant', { type: 'toolCallRun', ...writeCall, arguments: {}, manualApproval: true }],
      ['assistant', { type: 'toolCallRejected', ...writeCall, id: 'call-0', arguments: {}, reason: 'user-choice' }],
    ]);
    const interrupted = interruptOpenToolCalls(entries, 'stopped');
    expect(interrupted[0]).toMatchObject({ status: 'interrupted', reason: 'stopped' });
    expect(interrupted[1]).toBe(entries[1]);
  });

  it('streams a thought by its id into an entry of its own, then finishes it with its time', () => {
    const thinking = fold([
      ['user', { type: 'text', text: 'Why?' }],
      ['assistant', { type: 'reasonStarted', id: 'r1' }],
      ['assistant', { type: 'reasonStarted', id: 'r1' }],
      ['assistant', { type: 'reasonText', id: 'r1', text: 'Let me ' }],
      ['assistant', { type: 'reasonText', id: 'r1', text: 'think.' }],
    ]);
    expect(thinking[1]).toEqual({ type: 'reasoning', id: 'r1', text: 'Let me think.', status: 'thinking' });
    const done = fold([['assistant', { type: 'reasonFinished', id: 'r1', totalTimeMs: 2300 }]], thinking);
    expect(done).toEqual([thinking[0], { type: 'reasoning', id: 'r1', text: 'Let me think.', status: 'finished', totalTimeMs: 2300 }]);
  });

  it('keeps a thought whose start it missed, and ignores the end of one it never saw', () => {
    const joinedLate = fold([['assistant', { type: 'reasonText', id: 'r2', text: 'already thinking' }]]);
    expect(joinedLate).toEqual([{ type: 'reasoning', id: 'r2', text: 'already thinking', status: 'thinking' }]);
    expect(applyChatContent(joinedLate, 'assistant', { type: 'reasonFinished', id: 'unknown', totalTimeMs: 5 })).toBe(joinedLate);
  });

  it('starts a new answer after a thought or a link, so the reply does not join the text before it', () => {
    const entries = fold([
      ['assistant', { type: 'text', text: 'First.' }],
      ['assistant', { type: 'reasonStarted', id: 'r1' }],
      ['assistant', { type: 'reasonFinished', id: 'r1' }],
      ['assistant', { type: 'text', text: 'Because.' }],
      ['assistant', { type: 'url', title: 'The docs', url: 'https://example.com/docs' }],
      ['assistant', { type: 'text', text: 'See above.' }],
    ]);
    expect(entries.map((entry) => entry.type)).toEqual(['message', 'reasoning', 'message', 'link', 'message']);
    expect(entries[2]).toMatchObject({ role: 'assistant', chunks: [{ chunk: 'Because.' }] });
    expect(entries[3]).toEqual({ type: 'link', title: 'The docs', url: 'https://example.com/docs' });
  });

  it('finishes a thought still open when the turn ends, and leaves finished ones alone', () => {
    const entries = fold([
      ['assistant', { type: 'reasonStarted', id: 'r1' }],
      ['assistant', { type: 'reasonFinished', id: 'r1', totalTimeMs: 10 }],
      ['assistant', { type: 'reasonText', id: 'r2', text: 'cut off' }],
    ]);
    expect(applyChatContent(entries, 'system', { type: 'progress', state: 'running', text: '' })).toBe(entries);
    const ended = applyChatContent(entries, 'system', { type: 'progress', state: 'finished', text: '' });
    expect(ended[0]).toBe(entries[0]);
    expect(ended[1]).toEqual({ type: 'reasoning', id: 'r2', text: 'cut off', status: 'finished' });
    expect(applyChatContent(ended, 'system', { type: 'progress', state: 'finished', text: '' })).toBe(ended);
  });

  it('leaves thoughts and links alone when it interrupts open tool calls', () => {
    const entries = fold([
      ['assistant', { type: 'reasonText', id: 'r1', text: 'hmm' }],
      ['assistant', { type: 'url', title: 'Docs', url: 'https://example.com' }],
    ]);
    const interrupted = interruptOpenToolCalls(entries, 'stopped');
    expect(interrupted[0]).toBe(entries[0]);
    expect(interrupted[1]).toBe(entries[1]);
  });

  it("folds an agent's question into a card, and its answer into the same card; an unknown id changes nothing", () => {
    const requestedSchema = {
      type: 'object' as const,
      properties: { name: { type: 'string' as const, title: 'Name' } },
      required: ['name'],
    };
    const asked = fold([['assistant', { type: 'elicitation', id: 'q1', mode: 'form', message: 'Who?', requestedSchema }]]);
    expect(asked).toEqual([{ type: 'elicitation', id: 'q1', mode: 'form', message: 'Who?', requestedSchema, status: 'pending' }]);
    expect(fold([['system', { type: 'elicitationAnswered', id: 'other', outcome: 'declined' }]], asked)).toBe(asked);
    const answered = fold([['system', { type: 'elicitationAnswered', id: 'q1', outcome: 'accepted', content: { name: 'Ada' } }]], asked);
    expect(answered[0]).toMatchObject({ status: 'accepted', content: { name: 'Ada' }, message: 'Who?' });
  });
});
