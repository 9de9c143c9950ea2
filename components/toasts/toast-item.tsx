'use client';

import { useEffect } from 'react';
import type { Toast } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';

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
    <div className={`toast toast--${toast.type}`} data-testid="toast" data-type={toast.type} role={toast.type === 'error' ? 'alert' : 'status'}>
      <span className="toast__message">{toast.message}</span>
      <button
        type="button"
        className="toast__dismiss"
        data-testid="dismiss-toast"
        aria-label="Dismiss"
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </div>
  );
}
