import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import { createRecordingTurn } from '../../hub/testing/recording-turn';
import { historyTranscript, primedMessage, primedPrompt, primingNote } from './history-transcript';

const history: ThreadEntry[] = [
  { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Fix the typo in README' }] },
  { type: 'reasoning', id: 'r1', text: 'secret thoughts', status: 'finished' },
  {
    type: 'toolCall',
    id: 'c1',
    name: 'edit_file',
    server: 'builtin',
    origin: 'native',
    status: 'succeeded',
    arguments: { path: 'README.md' },
    details: { type: 'fileChange', path: 'README.md', diff: '@@', linesAdded: 1, linesRemoved: 1 },
    outputText: 'Edited README.md',
  },
  {
    type: 'message',
    role: 'assistant',
    chunks: [
      { type: 'text', chunk: 'Fixed ' },
      { type: 'text', chunk: 'it.' },
    ],
  },
  { type: 'handOver', from: 'builtin', to: 'claude' },
];

describe('historyTranscript', () => {
  it('keeps messages, tool calls with outcome and file changes, and hand-overs; leaves thinking out', () => {
    expect(historyTranscript(history)).toBe(
      [
        'User: Fix the typo in README',
        'Tool call edit_file {"path":"README.md"}: succeeded\nFile change README.md: +1 -1\nEdited README.md',
        'Assistant: Fixed it.',
        '[The thread was handed from builtin to claude.]',
      ].join('\n\n'),
    );
  });

  it('cuts the oldest part of a long history first', () => {
    const long: ThreadEntry[] = Array.from({ length: 50 }, (_, index) => ({
      type: 'message',
      role: 'user',
      chunks: [{ type: 'text', chunk: `message ${index} ${'x'.repeat(100)}` }],
    }));
    const transcript = historyTranscript(long, 1000);
    expect(transcript.startsWith('[… earlier part cut …]')).toBe(true);
    expect(transcript).toContain('message 49');
    expect(transcript).not.toContain('message 0 ');
  });

  it('primes a prompt with the transcript, and leaves a prompt without history as it is', () => {
    expect(primedPrompt([], 'hello')).toBe('hello');
    const primed = primedPrompt(history, 'Now add a test');
    expect(primed).toContain('<transcript>\n\nUser: Fix the typo in README');
    expect(primed.endsWith('The user now says:\n\nNow add a test')).toBe(true);
  });

  it('primes a new session of a thread with history, telling the user in the one sentence', async () => {
    const primed = createRecordingTurn({ message: 'and now?', history });
    const text = await primedMessage(primed.turn, 'Fake', true);
    expect(text).toBe(primedPrompt(history, 'and now?'));
    expect(primed.notes).toEqual([primingNote('Fake')]);
    expect(primingNote('Fake')).toBe("Fake started a new session and was given this thread's history so far.");
  });

  it('sends the message as it is to a session that knows the thread, or for a thread without history', async () => {
    const known = createRecordingTurn({ message: 'and now?', history });
    expect(await primedMessage(known.turn, 'Fake', false)).toBe('and now?');
    const empty = createRecordingTurn({ message: 'hello' });
    expect(await primedMessage(empty.turn, 'Fake', true)).toBe('hello');
    expect([...known.notes, ...empty.notes]).toEqual([]);
  });
});
