import type { LinkEntry } from '../../lib/protocol/thread-model';
import styles from './chat.module.css';
import { safeLinkUrl } from '../../lib/thread/safe-link-url';

/** A link the agent pointed to: opens in a new tab that gets no handle on this page. */
export function LinkCard({ link }: { link: LinkEntry }) {
  const href = safeLinkUrl(link.url);
  if (!href) {
    return (
      <div className={`${styles.link} ${styles.unsafeLink}`} data-testid="link-card">
        <span className={styles.linkTitle}>{link.title}</span> <code className={styles.linkUrl}>{link.url}</code>
      </div>
    );
  }
  return (
    <a className={styles.link} data-testid="link-card" href={href} target="_blank" rel="noopener noreferrer">
      <span className={styles.linkTitle}>{link.title || href}</span> <span className={styles.linkUrl}>{href}</span>
    </a>
  );
}
