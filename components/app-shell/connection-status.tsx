'use client';

import type { ConnectionStatus as Status } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';

function statusLabel(status: Status): string {
  switch (status) {
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return 'Connected';
    case 'disconnected':
      return 'Disconnected';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

export function ConnectionStatus() {
  const status = useBatonStore((state) => state.connectionStatus);
  const error = useBatonStore((state) => state.connectionError);

  return (
    <span
      className={`connection-status connection-status--${status}`}
      data-testid="connection-status"
      data-state={status}
      role="status"
      title={error ?? undefined}
    >
      <span className="connection-status__dot" aria-hidden="true" />
      {statusLabel(status)}
      {error && status !== 'connected' ? <span className="connection-status__error">: {error}</span> : null}
    </span>
  );
}
