'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { ModalDialog } from '../modal-dialog/modal-dialog';
import styles from './audit.module.css';
import { AuditRow } from './audit-row';

/**
 * "Audit": who did what on every thread (`audit/list`), newest first, a page at a time, for an
 * operator (the command palette offers it to no one else). Read afresh each time it opens.
 */
export function AuditView() {
  const shown = useBatonStore((state) => state.auditShown);
  return shown ? <AuditDialog /> : null;
}

function AuditDialog() {
  const list = useBatonStore((state) => state.auditList);
  const loading = useBatonStore((state) => state.auditLoading);
  const error = useBatonStore((state) => state.auditError);
  const showAudit = useBatonStore((state) => state.showAudit);
  const loadOlder = useBatonStore((state) => state.loadOlderAudit);
  const close = () => showAudit(false);

  return (
    <ModalDialog className={styles.dialog} labelledBy="audit-title" testId="audit-view" onCancel={close}>
      <h3 id="audit-title">Audit: who did what</h3>
      {error ? (
        <p role="alert" className={styles.error} data-testid="audit-error">
          {error}
        </p>
      ) : null}
      {list === null ? (
        loading ? (
          <p className={styles.note}>Reading…</p>
        ) : null
      ) : list.actions.length === 0 ? (
        <p className={styles.note} data-testid="audit-empty">
          Nothing done to any thread is recorded yet.
        </p>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Thread</th>
              </tr>
            </thead>
            <tbody>
              {list.actions.map((action, index) => (
                // Pages are only ever appended, and two actions may share every field: the position is the key.
                <AuditRow key={index} action={action} onOpenThread={close} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.buttons}>
        {list?.nextCursor !== undefined ? (
          <button type="button" className="button" data-testid="audit-load-older" disabled={loading} onClick={() => void loadOlder()}>
            {loading ? 'Reading…' : 'Load older'}
          </button>
        ) : null}
        <button type="button" className="button" data-testid="close-audit" onClick={close}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
