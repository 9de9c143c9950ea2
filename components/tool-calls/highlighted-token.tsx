import type { CSSProperties, ReactNode } from 'react';
import type { HighlightToken } from '../highlight/highlight-code';

/**
 * A highlighted token's look. Set from JavaScript after hydration (highlighting runs in an effect),
 * which the page's content security policy allows: no style attribute is in the static HTML.
 */
export function tokenStyle({ color, fontStyle = 0 }: HighlightToken): CSSProperties | undefined {
  if (!color && fontStyle <= 0) return undefined;
  return {
    color,
    fontStyle: fontStyle & 1 ? 'italic' : undefined,
    fontWeight: fontStyle & 2 ? 600 : undefined,
    textDecoration: fontStyle & 4 ? 'underline' : undefined,
  };
}

export function HighlightedToken({ token, children }: { token: HighlightToken; children?: ReactNode }) {
  return <span style={tokenStyle(token)}>{children ?? token.content}</span>;
}
