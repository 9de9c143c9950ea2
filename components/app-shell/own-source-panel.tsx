'use client';

import { type FormEvent, useId, useState } from 'react';
import { CopyButton } from '../chat/copy-button';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './own-source-panel.module.css';
import { restartCommand } from './restart-command';

/**
 * `npm install && node bin/baton.mjs` (or `npm start`) in a fresh clone starts Baton on its own
 * source folder: the agent would work on Baton itself. The relay says so (`config/updated`'s `baton.startedInOwnSource`),
 * and this panel asks for the user's project and shows the command that restarts Baton on it. The
 * page never runs anything: the user does, in Baton's terminal, and the relay checks the folder.
 */
export function OwnSourcePanel() {
  const startedInOwnSource = useBatonStore((state) => state.agent?.startedInOwnSource ?? false);
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<ReturnType<typeof restartCommand> | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const fieldId = useId();
  if (!startedInOwnSource || dismissed) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAnswer(restartCommand(typed));
  };
  return (
    <section className={styles.panel} data-testid="own-source-panel" aria-labelledby={`${fieldId}-title`}>
      <h2 className={styles.title} id={`${fieldId}-title`}>
        Baton was started in its own source folder. Which project should the agent work on?
      </h2>
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={fieldId}>Project folder</label>
        <input
          id={fieldId}
          className={styles.field}
          value={typed}
          placeholder="~/my-project"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--primary">
          Show how to start on it
        </button>
        <button type="button" className="button" onClick={() => setDismissed(true)}>
          Work on Baton itself
        </button>
      </form>
      {answer && 'problem' in answer ? (
        <p className={styles.problem} role="alert" data-testid="own-source-problem">
          {answer.problem}
        </p>
      ) : null}
      {answer && 'command' in answer ? (
        <div className={styles.answer}>
          <p>Stop Baton (Ctrl+C in its terminal) and start it again there with:</p>
          <div className={styles.commandLine}>
            <code data-testid="own-source-command">{answer.command}</code>
            <CopyButton text={answer.command} label="Copy the command" className="button" />
          </div>
          <p className={styles.note}>
            Baton checks that the folder exists when it starts; its threads and settings go in the project&apos;s .baton folder.
          </p>
        </div>
      ) : null}
    </section>
  );
}
