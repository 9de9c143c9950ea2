import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { MAX_LAST_MESSAGE_START } from '../../lib/protocol/thread-list';
import { lastMessageStartOf, messageStart } from './last-message-start';

const message = (...chunks: string[]): ThreadEntry => ({
  type: 'message',
  role: 'assistant',
  chunks: chunks.map((chunk) => ({ type: 'text', chunk })),
});
const readFile: ThreadEntry = { type: 'readFile', path: 'notes.txt', content: 'not a message' };

describe('messageStart', () => {
  it('joins the chunks on one line, its spaces and line breaks folded', () => {
    expect(messageStart(message('  Plan the\n\npicnic ', 'for   Sunday  '))).toBe('Plan the picnic for Sunday');
  });

  it('cuts a long message at a word, with an ellipsis, within the longest start', () => {
    const start = messageStart(message('word '.repeat(40)));
    expect(start).toMatch(/^(word )*word…$/);
    expect(start!.length).toBeLessThanOrEqual(MAX_LAST_MESSAGE_START);
  });

  it('cuts inside a first word longer than the whole line', () => {
    const start = messageStart(message('x'.repeat(200)));
    expect(start).toBe(`${'x'.repeat(MAX_LAST_MESSAGE_START - 1)}…`);
  });

  it('finds the start past more blank space than a line holds, and in a long answer the same as at its beginning', () => {
    const gap = ' \n'.repeat(4 * MAX_LAST_MESSAGE_START);
    expect(messageStart(message(gap, 'Late   start'))).toBe('Late start');
    expect(messageStart(message(gap, 'word '.repeat(40), gap))).toMatch(/^(word )*word…$/);
    // Words and runs of blanks of every length around where a line ends: what the whole text says on one line.
    for (let blanks = 1; blanks < 12; blanks += 1) {
      const text = Array.from({ length: 400 }, (_, index) => `w${index}${' \n'.slice(0, 1 + (index % 2)).repeat(blanks)}`).join('');
      const whole = text.replace(/\s+/g, ' ').trim();
      const cut = whole.slice(0, MAX_LAST_MESSAGE_START - 1);
      expect(messageStart(message(text))).toBe(`${cut.slice(0, cut.lastIndexOf(' ')).trimEnd()}…`);
      const short = text.slice(0, MAX_LAST_MESSAGE_START + blanks);
      const shortWhole = short.replace(/\s+/g, ' ').trim();
      if (shortWhole.length <= MAX_LAST_MESSAGE_START) expect(messageStart(message(short))).toBe(shortWhole);
    }
  });

  it('gives nothing for a message without text or an entry of another kind', () => {
    expect(messageStart(message(' \n '))).toBeUndefined();
    expect(messageStart(readFile)).toBeUndefined();
  });
});

describe('lastMessageStartOf', () => {
  it('takes the message at the highest position, whatever the order of the writes', () => {
    expect(
      lastMessageStartOf([
        { seq: 4, entry: message('later') },
        { seq: 2, entry: message('earlier') },
        { seq: 5, entry: readFile },
      ]),
    ).toBe('later');
  });

  it('gives nothing when no write is a message with text, so the stored start stays', () => {
    expect(
      lastMessageStartOf([
        { seq: 3, entry: readFile },
        { seq: 4, entry: message('') },
      ]),
    ).toBeUndefined();
    expect(lastMessageStartOf([])).toBeUndefined();
  });
});
