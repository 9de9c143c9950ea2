/**
 * The answer the browser bench streams into the open thread: Markdown with paragraphs, lists and
 * code blocks, cut into exactly `pieces` word-sized pieces the way the scripted model cuts text.
 */
import { splitIntoWords } from '../server/demo-model/scripted-reply-events';

/** In the last piece, with the run's number: once it is on screen, that run's whole answer is. */
export function streamEndMarker(run: number): string {
  return `stream-end-marker-${run}`;
}

const PARAGRAPH =
  'The relay folds every piece into the last message and the tab shows it as soon as it arrives, so the reader watches the answer being written. ';

const CODE = ['```ts', 'const total = items.reduce((sum, item) => sum + item.size, 0);', 'console.log(total);', '```', ''].join('\n');

function sections(): string {
  const parts: string[] = [];
  for (let section = 0; parts.join('').length < 40_000; section++) {
    parts.push(`## Part ${section}\n\n${PARAGRAPH.repeat(2)}\n\n- item one of ${section}\n- item two\n\n${CODE}\n`);
  }
  return parts.join('');
}

/** Exactly `pieces` pieces; the last one carries the run's end marker. */
export function streamedAnswerPieces(pieces: number, run: number): string[] {
  const words = splitIntoWords(sections()).slice(0, pieces - 1);
  if (words.length < pieces - 1) throw new Error(`the bench answer has only ${words.length} words`);
  return [...words, ` ${streamEndMarker(run)}`];
}
