'use client';

import { useEffect } from 'react';
import type { Toast } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './toasts.module.css';

/** Information goes by itself; errors and warnings stay until the user has seen them. */
const INFO_VISIBLE_MS = 6_000;

export function ToastItem({ toast }: { toast: Toast }) {
  const dismissToast = useBatonStore((state) => state.dismissToast);

  useEffect(() => {
    if (toast.type !== 'info') return;
    const timer = setTimeout(() => dismissToast(toast.id), INFO_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, toast.type, dismissToast]);

  return (
    <div
      className={`${styles.toast} ${styles[toast.type]}`}
      data-testid="toast"
      data-type={toast.type}
      role={toast.type === 'error' ? 'alert' : 'status'}
    >
      <span className={styles.message}>{toast.message}</span>
      <button
        type="button"
        className={styles.dismiss}
        data-testid="dismiss-toast"
        aria-label="Dismiss"
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </div>
  );
}
