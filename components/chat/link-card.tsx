import type { LinkEntry } from '../../lib/protocol/acp-threads';
import { safeLinkUrl } from './safe-link-url';

/** A link the agent pointed to: opens in a new tab that gets no handle on this page. */
export function LinkCard({ link }: { link: LinkEntry }) {
  const href = safeLinkUrl(link.url);
  if (!href) {
    return (
      <div className="link-card link-card--unsafe" data-testid="link-card">
        <span className="link-card__title">{link.title}</span> <code className="link-card__url">{link.url}</code>
      </div>
    );
  }
  return (
    <a className="link-card" data-testid="link-card" href={href} target="_blank" rel="noopener noreferrer">
      <span className="link-card__title">{link.title || href}</span> <span className="link-card__url">{href}</span>
    </a>
  );
}
