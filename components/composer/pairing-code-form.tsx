'use client';

import { useState } from 'react';
import { normalPairingCode } from '../../lib/protocol/devices';
import styles from './connection-notice.module.css';

/**
 * On a page that holds no credential (a phone opening Baton's address by hand): the short code
 * shown by Devices or `baton pair`, typed here. It goes into the address's fragment, where a code
 * from a QR code comes, and is exchanged from there the same way (connect-relay.ts).
 */
export function PairingCodeForm() {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pair = () => {
    const code = normalPairingCode(typed);
    if (code === undefined) return setProblem('A pairing code is 8 letters and digits, like ABCD-EFGH.');
    setProblem(null);
    window.location.hash = `code=${code.slice(0, 4)}-${code.slice(4)}`;
  };
  // Not a <form>: it sits inside the composer's, and a form inside a form is not HTML.
  return (
    <div className={styles.pairing} data-testid="pairing-code-form" role="group" aria-label="Pair this device">
      <label>
        Pairing code{' '}
        <input
          value={typed}
          autoCapitalize="characters"
          autoComplete="one-time-code"
          maxLength={12}
          data-testid="pairing-code-input"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // The composer's form around it must not take Enter as a prompt.
            event.preventDefault();
            pair();
          }}
        />
      </label>
      <button type="button" className="button" onClick={pair}>
        Pair this device
      </button>
      {problem ? <span role="alert">{problem}</span> : null}
    </div>
  );
}
