'use client';

import { isNetworkError } from '../baton-client/connection-error-text';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './connection-notice.module.css';
import { PairingCodeForm } from './pairing-code-form';

export const RETRYING_MESSAGE = 'Baton’s relay is unreachable. Retrying to connect… Sending is paused; your draft stays here.';
export const CONNECTING_MESSAGE = 'Connecting to Baton’s relay…';

/**
 * Says, where the user is about to send, why sending is off and what happens next. The socket
 * retries by itself; once it is back the open thread catches up from the relay (what it missed
 * while away, by sequence number) and sending comes back on.
 */
export function ConnectionNotice() {
  const status = useBatonStore((state) => state.connectionStatus);
  const error = useBatonStore((state) => state.connectionError);
  if (status === 'connected') return null;

  // A refusal (a wrong or missing token) will not heal by retrying: its own words say what to do.
  const refused = status !== 'connecting' && Boolean(error) && !isNetworkError(error ?? '');
  const message = status === 'connecting' ? CONNECTING_MESSAGE : refused ? error : RETRYING_MESSAGE;
  return (
    <>
      <p className={styles.notice} data-testid="connection-notice" data-state={status} role="status">
        {message}
      </p>
      {/* A refused page (no credential, or a revoked one) may be a device to pair. */}
      {refused ? <PairingCodeForm /> : null}
    </>
  );
}
