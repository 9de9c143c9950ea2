import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileVersion } from './file-version';
import { buildLineIndex, LINE_STRIDE, LineIndexCache, readLinePage } from './line-index';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-line-index-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function withFile<T>(name: string, text: string, use: (file: Awaited<ReturnType<typeof openFile>>) => Promise<T>): Promise<T> {
  await writeFile(path.join(folder, name), text);
  const file = await openFile(path.join(folder, name));
  try {
    return await use(file);
  } finally {
    await file.handle.close();
  }
}

async function openFile(absolute: string) {
  const handle = await open(absolute, 'r');
  return { handle, stats: await handle.stat(), version: fileVersion(await handle.stat({ bigint: true })) };
}

describe('the line index', () => {
  it('answers the same lines as splitting the whole text, for any text and page', async () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'é', ' ', '\r'), maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: LINE_STRIDE * 3 }),
        fc.boolean(),
        fc.nat(LINE_STRIDE * 3),
        fc.integer({ min: 1, max: LINE_STRIDE * 2 }),
        async (lines, finalNewline, lineOffset, lineLimit) => {
          const text = lines.join('\n') + (finalNewline && lines.length > 0 ? '\n' : '');
          const expected = text.split(/(?<=\n)/).filter((piece) => piece !== '');
          await withFile('property.txt', text, async (file) => {
            const index = await buildLineIndex(file.handle, file.stats.size);
            expect(index.lineCount).toBe(expected.length);
            const page = await readLinePage(file, index, { lineOffset, lineLimit, maxBytes: 1 << 20, shownPath: 'property.txt' });
            expect(page.toString('utf8')).toBe(expected.slice(lineOffset, lineOffset + lineLimit).join(''));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps a bounded number of indexes, and makes a new one for a new version', async () => {
    const cache = new LineIndexCache();
    for (let count = 0; count < 12; count += 1) {
      await withFile(`file-${count}.txt`, 'a\nb\n', (file) => cache.indexOf(path.join(folder, `file-${count}.txt`), file));
    }
    expect(cache.size).toBe(8);
    const absolute = path.join(folder, 'file-11.txt');
    const first = await withFile('file-11.txt', 'a\nb\n', (file) => cache.indexOf(absolute, file));
    await writeFile(absolute, 'a\nb\nc\n');
    const second = await openFile(absolute);
    try {
      expect((await cache.indexOf(absolute, second)).lineCount).toBe(3);
      expect(first.lineCount).toBe(2);
    } finally {
      await second.handle.close();
    }
  });
});
