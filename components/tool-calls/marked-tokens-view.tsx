import type { HighlightToken } from '../highlight/highlight-code';
import { HighlightedToken } from './highlighted-token';
import { MarkedText } from './marked-text';
import { markTokens } from './marked-tokens';
import styles from './marked-text.module.css';

/** A highlighted line with what could hide in it marked, as MarkedText marks a plain one. */
export function MarkedTokens({ line, tokens }: { line: string; tokens: readonly HighlightToken[] }) {
  const marked = markTokens(line, tokens);
  if (!marked) return <MarkedText text={line} />;
  return (
    <>
      {marked.map(({ token, pieces }, index) => (
        <HighlightedToken key={index} token={token}>
          {pieces.map((piece, pieceIndex) =>
            piece.kind === 'text' ? (
              piece.text
            ) : (
              <mark key={pieceIndex} className={styles.marker} data-testid="hidden-text-marker" title={piece.title}>
                {piece.label}
              </mark>
            ),
          )}
        </HighlightedToken>
      ))}
    </>
  );
}
