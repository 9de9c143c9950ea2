'use client';

import { useEffect, useState } from 'react';
import type { HighlightedLines } from './highlight-code';

/** Larger code is shown plain: highlighting it would cost more than it helps. */
const MAX_HIGHLIGHTED_CHARACTERS = 512 * 1024;

/**
 * The code's highlighted lines once the highlighter has them, undefined until then (and for code
 * with no known grammar): the caller shows the plain text meanwhile. The highlighter itself is
 * loaded on first use, by a dynamic import.
 */
export function useHighlightedLines(code: string, grammar: string | undefined): HighlightedLines | undefined {
  const [done, setDone] = useState<{ code: string; grammar: string; lines: HighlightedLines }>();

  useEffect(() => {
    if (!grammar || code.length > MAX_HIGHLIGHTED_CHARACTERS) return;
    const controller = new AbortController();
    import('./highlight-off-thread')
      .then(({ highlightOffThread }) => highlightOffThread(code, grammar, controller.signal))
      .then(
        (lines) => {
          if (lines) setDone({ code, grammar, lines });
        },
        (error: unknown) => {
          // The plain text stays on screen, which is still correct; the console says why.
          console.error(`Could not highlight ${grammar} code:`, error);
        },
      );
    return () => controller.abort();
  }, [code, grammar]);

  return done && done.code === code && done.grammar === grammar ? done.lines : undefined;
}
