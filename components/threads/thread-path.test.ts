import { describe, expect, it } from 'vitest';
import { pathForThread, threadIdFromPath } from './thread-path';

describe('thread addresses', () => {
  it('name a thread by /t/<id>, and nothing else', () => {
    expect(threadIdFromPath('/t/3f2a-9')).toBe('3f2a-9');
    expect(threadIdFromPath('/t/3f2a-9/')).toBe('3f2a-9');
    expect(threadIdFromPath('/')).toBeNull();
    expect(threadIdFromPath('/t/')).toBeNull();
    expect(threadIdFromPath('/t/a/b')).toBeNull();
    expect(threadIdFromPath('/t/%E0%A4%A')).toBeNull();
  });

  it('round-trip any id', () => {
    for (const id of ['plain', 'with space', 'slash/inside', 'é?#']) expect(threadIdFromPath(pathForThread(id))).toBe(id);
    expect(pathForThread(null)).toBe('/');
  });
});
