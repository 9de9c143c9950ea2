'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { ToastItem } from './toast-item';
import styles from './toasts.module.css';

/** The agent's `$/showMessage` messages, in a corner above the panes, newest at the bottom. */
export function ToastList() {
  const toasts = useBatonStore((state) => state.toasts);
  if (toasts.length === 0) return null;
  return (
    <div className={styles.list} aria-label="Messages">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
