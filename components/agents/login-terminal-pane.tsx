'use client';

import { type FormEvent, useState } from 'react';
import { selectLoginTerminal, selectOpenThreadLoginAgent } from '../../stores/agent-login-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import { TerminalOutput } from '../tool-calls/terminal-output';
import styles from './login-terminal.module.css';
import { useAgentLabel } from './use-agent-label';

/**
 * The agent's own login, running in a terminal on the relay, while the open thread's turn waits
 * for it: its output as a terminal shows it (escape sequences rendered as text, never as markup),
 * a line to type into it (Enter sends the line and a carriage return, as a terminal's Enter does),
 * and Cancel. A login that failed stays, with why, until dismissed.
 */
export function LoginTerminalPane() {
  const agent = useBatonStore(selectOpenThreadLoginAgent);
  const terminal = useBatonStore((state) => selectLoginTerminal(state, agent));
  const typeIntoLogin = useBatonStore((state) => state.typeIntoLogin);
  const cancelLogin = useBatonStore((state) => state.cancelLogin);
  const error = useBatonStore((state) => state.agentLoginError);
  const [line, setLine] = useState('');
  const label = useAgentLabel(agent ?? undefined);
  if (agent === null || terminal === null) return null;
  const running = terminal.state === 'running';

  const send = (event: FormEvent) => {
    event.preventDefault();
    void typeIntoLogin(agent, `${line}\r`);
    setLine('');
  };

  return (
    <section className={styles.pane} aria-label={`Log in to ${label}`} data-testid="login-terminal">
      <h3 className={styles.heading}>
        {label} needs you to log in: {terminal.methodName}
      </h3>
      <div className={styles.output}>
        <TerminalOutput output={terminal.output} live={running} testId="login-terminal-output" />
      </div>
      {running ? (
        <form className={styles.row} onSubmit={send}>
          <input
            className={styles.input}
            aria-label="Type into the login terminal"
            autoComplete="off"
            spellCheck={false}
            value={line}
            onChange={(event) => setLine(event.target.value)}
          />
          <button type="submit" className="button">
            Send line
          </button>
          <button type="button" className="button" onClick={() => void cancelLogin(agent)}>
            Cancel login
          </button>
        </form>
      ) : (
        <div className={styles.row}>
          <p className={styles.failure} role="alert">
            The login did not succeed: {terminal.message}
          </p>
          <button type="button" className="button" onClick={() => void cancelLogin(agent)}>
            Dismiss
          </button>
        </div>
      )}
      {error ? (
        <p className={styles.failure} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
