'use client';

import type { MouseEvent } from 'react';
import type { AuditAction } from '../../lib/protocol/roles';
import { browserAddressOf } from '../app-address/app-base';
import { useBatonStore } from '../baton-client/baton-store-context';
import { auditActorText, auditDoneText } from '../review/audit-action-text';
import { pathForThread } from '../threads/thread-path';
import styles from './audit.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** One action of the audit list: when, who, what, and its thread, a link that opens it (or says it is gone). */
export function AuditRow({ action, onOpenThread }: { action: AuditAction; onOpenThread: () => void }) {
  const selectThread = useBatonStore((state) => state.selectThread);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click opens the thread's address in another tab or window, as any link does.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenThread();
    void selectThread(action.threadId);
  };
  return (
    <tr data-testid="audit-row" data-action={action.action} data-thread-id={action.threadId}>
      <td className={styles.when}>
        <time dateTime={action.at}>{when.format(new Date(action.at))}</time>
      </td>
      <td data-testid="audit-who">{auditActorText(action.actor)}</td>
      <td data-testid="audit-what">{auditDoneText(action.action)}</td>
      <td>
        {action.threadTitle === undefined ? (
          <span className={styles.gone} title={action.threadId}>
            a deleted thread
          </span>
        ) : (
          <a href={browserAddressOf(pathForThread(action.threadId))} onClick={open} data-testid="audit-thread-link">
            {action.threadTitle || 'Untitled thread'}
          </a>
        )}
      </td>
    </tr>
  );
}
