'use client';

import { memo } from 'react';
import { HighlightedToken } from '../tool-calls/highlighted-token';
import { useHighlightedCode } from '../tool-calls/use-highlighted-code';
import styles from './code-block.module.css';
import { CopyButton } from './copy-button';

/**
 * A fenced code block of an answer: its language named, a copy button, and its code highlighted
 * once the highlighter (loaded on first use, working in chunks that yield to the page) has it.
 * A block still streaming is not highlighted (`highlight` false): its text changes with every
 * piece, and highlighting it again each time would cost the most where the page is busiest.
 */
export const CodeBlock = memo(function CodeBlock({
  code,
  language,
  highlight,
}: {
  code: string;
  language: string | undefined;
  highlight: boolean;
}) {
  const lines = useHighlightedCode(code, { name: language }, highlight);
  return (
    <div
      className={styles.block}
      data-testid="code-block"
      data-language={language}
      data-streaming={highlight ? undefined : 'true'}
      data-highlighted={lines ? 'true' : undefined}
    >
      <div className={styles.header}>
        <span className={styles.language}>{language ?? 'text'}</span>
        <CopyButton text={code} label="Copy code" className={styles.copy} />
      </div>
      <pre className={styles.code}>
        <code>
          {lines
            ? lines.map((line, index) => (
                <span key={index}>
                  {line.map((token, tokenIndex) => (
                    <HighlightedToken key={tokenIndex} token={token} />
                  ))}
                  {index < lines.length - 1 ? '\n' : null}
                </span>
              ))
            : code}
        </code>
      </pre>
    </div>
  );
});
