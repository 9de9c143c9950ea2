'use client';

import { useEffect, useState } from 'react';
import type { HighlightedLines } from '../highlight/highlight-code';

/** Larger code is shown plain: highlighting it would cost more than it helps. */
const MAX_HIGHLIGHTED_CHARACTERS = 256 * 1024;

/** A code block's language name, or a changed file's path: what says which grammar reads the code. */
export type CodeLanguage = { name: string | undefined } | { path: string };

/**
 * The page's part of the highlighter: the grammar table and the client of the worker that
 * highlights (the worker fetches its own scripts, off the page's thread). Fetched by the first
 * code to highlight, or ahead of it with the thread view (chat/use-thread-view-loaded.ts).
 */
export function preloadCodeHighlighter() {
  return Promise.all([import('../highlight/languages'), import('../highlight/highlight-off-thread')]);
}

/**
 * The code's highlighted lines once the highlighter has them; undefined until then, when `enabled`
 * is false, and when no grammar knows the language (the caller shows the plain text meanwhile).
 * Unlike the file viewer's hook, the grammar table is looked up here, by a dynamic import with
 * the highlighter: the chat is on the first screen, and neither belongs in its first load.
 */
export function useHighlightedCode(code: string, language: CodeLanguage, enabled = true): HighlightedLines | undefined {
  const [done, setDone] = useState<{ code: string; key: string; lines: HighlightedLines }>();
  const key = 'path' in language ? `path:${language.path}` : `name:${language.name ?? ''}`;

  useEffect(() => {
    if (!enabled || code === '' || code.length > MAX_HIGHLIGHTED_CHARACTERS || key === 'name:') return;
    const controller = new AbortController();
    preloadCodeHighlighter()
      .then(async ([{ grammarOf, grammarOfPath }, { highlightOffThread }]) => {
        const grammar = key.startsWith('path:') ? grammarOfPath(key.slice('path:'.length)) : grammarOf(key.slice('name:'.length));
        return grammar === undefined ? undefined : highlightOffThread(code, grammar, controller.signal);
      })
      .then(
        (lines) => {
          if (lines) setDone({ code, key, lines });
        },
        (error: unknown) => {
          // The plain text stays on screen, which is still correct; the console says why.
          console.error(`Could not highlight the code (${key}):`, error);
        },
      );
    return () => controller.abort();
  }, [code, key, enabled]);

  return enabled && done && done.code === code && done.key === key ? done.lines : undefined;
}
