'use client';

import type { LinesRange } from '../../lib/protocol/eca/chat-context';
import { useBatonStore } from '../baton-client/baton-store-context';

/** Puts the file, or the lines chosen, into the composer as an ECA `file` context. */
export function AddFileToContext({ path, linesRange }: { path: string; linesRange?: LinesRange }) {
  const addPromptContext = useBatonStore((state) => state.addPromptContext);
  const label = !linesRange
    ? 'Add file to context'
    : linesRange.start === linesRange.end
      ? `Add line ${linesRange.start} to context`
      : `Add lines ${linesRange.start}–${linesRange.end} to context`;
  return (
    <button
      type="button"
      className="button"
      data-testid="add-to-context"
      onClick={() => addPromptContext(linesRange ? { type: 'file', path, linesRange } : { type: 'file', path })}
    >
      {label}
    </button>
  );
}
