'use client';

import type { SearchMatch } from '../../lib/protocol/thread-list';

/** Where a search found the thread, the matched words marked. */
export function SearchSnippet({ match }: { match: SearchMatch }) {
  return (
    <span className="thread-item__snippet" data-testid="search-snippet">
      {match.snippet.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </span>
  );
}
