import { describe, expect, it } from 'vitest';
import { fillCommand, findCompletionTrigger, removeToken } from './completion-trigger';

describe('findCompletionTrigger', () => {
  it('offers commands only for a slash that opens the prompt', () => {
    expect(findCompletionTrigger('/co', 3)).toEqual({ kind: 'command', query: 'co', start: 0, end: 3 });
    expect(findCompletionTrigger('/', 1)).toEqual({ kind: 'command', query: '', start: 0, end: 1 });
    expect(findCompletionTrigger('/costs now', 10)).toBeNull();
    expect(findCompletionTrigger('see a/b', 7)).toBeNull();
  });

  it('offers contexts for the word after an @, wherever it is', () => {
    expect(findCompletionTrigger('look at @src/ma', 15)).toEqual({ kind: 'context', query: 'src/ma', start: 8, end: 15 });
    expect(findCompletionTrigger('@', 1)).toEqual({ kind: 'context', query: '', start: 0, end: 1 });
    expect(findCompletionTrigger('mail me@example.com', 19)).toBeNull();
    expect(findCompletionTrigger('@src done', 9)).toBeNull();
  });

  it('takes the whole word the caret is in', () => {
    expect(findCompletionTrigger('@REa more', 2)).toEqual({ kind: 'context', query: 'R', start: 0, end: 4 });
  });

  it('reads a line range at the end of a context query', () => {
    expect(findCompletionTrigger('@src/app.ts:10-20', 17)).toMatchObject({
      query: 'src/app.ts',
      linesRange: { start: 10, end: 20 },
    });
    expect(findCompletionTrigger('@notes.md:7', 11)).toMatchObject({ query: 'notes.md', linesRange: { start: 7, end: 7 } });
    expect(findCompletionTrigger('@a.ts:20-10', 11)).toMatchObject({ linesRange: { start: 10, end: 20 } });
    expect(findCompletionTrigger('@:10', 4)).toMatchObject({ query: ':10' });
  });
});

describe('applying a choice', () => {
  it('takes a context token out and leaves one space', () => {
    const text = 'see @READ now';
    expect(removeToken(text, { start: 4, end: 9 })).toEqual({ text: 'see now', caret: 4 });
    expect(removeToken('@READ', { start: 0, end: 5 })).toEqual({ text: '', caret: 0 });
  });

  it('fills the command and keeps what followed it', () => {
    expect(fillCommand('/co', { start: 0, end: 3 }, 'costs')).toEqual({ text: '/costs ', caret: 7 });
    expect(fillCommand('/r  the map', { start: 0, end: 2 }, 'repo-map')).toEqual({ text: '/repo-map the map', caret: 10 });
  });
});
