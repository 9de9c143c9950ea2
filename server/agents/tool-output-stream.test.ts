import { describe, expect, it } from 'vitest';
import { STREAMED_OUTPUT_CAPPED_NOTE, ToolOutputStream } from './tool-output-stream';

function collecting(options: { maxCharacters?: number; chunkCharacters?: number } = {}) {
  const chunks: string[] = [];
  const stream = new ToolOutputStream({
    emitChunk: async (chunk) => {
      chunks.push(chunk);
    },
    // Long enough that only size or close() sends a piece in these tests.
    gatherMs: 60_000,
    ...options,
  });
  return { chunks, stream };
}

describe('ToolOutputStream', () => {
  it('gathers small pieces and sends them on close, in order', async () => {
    const { chunks, stream } = collecting();
    stream.push('one\n');
    stream.push('two\n');
    expect(chunks).toEqual([]);
    await stream.close();
    expect(chunks).toEqual(['one\ntwo\n']);
  });

  it('sends a piece as soon as it is large', async () => {
    const { chunks, stream } = collecting({ chunkCharacters: 4 });
    stream.push('abcdef');
    stream.push('g');
    await stream.close();
    expect(chunks).toEqual(['abcdef', 'g']);
  });

  it('stops at the cap with a note, dropping the rest', async () => {
    const { chunks, stream } = collecting({ maxCharacters: 5 });
    stream.push('abc');
    stream.push('defgh');
    stream.push('ignored');
    await stream.close();
    expect(chunks.join('')).toBe(`abcde${STREAMED_OUTPUT_CAPPED_NOTE}`);
  });

  it('reports a failed emit when closed', async () => {
    const stream = new ToolOutputStream({
      emitChunk: () => Promise.reject(new Error('recorder is gone')),
      gatherMs: 60_000,
    });
    stream.push('x');
    await expect(stream.close()).rejects.toThrow('recorder is gone');
  });
});
