'use client';

import { ANSWER_AND_WATCH_NOTE } from '../../lib/protocol/devices';
import type { TabActor } from '../../lib/protocol/roles';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './composer.module.css';
import { ConnectionNotice } from './connection-notice';

/** What a configured user's page says in place of the prompt box: what its role leaves to them. */
function userNote({ name, role }: TabActor): string {
  const may = role === 'viewer' ? 'watch threads and the inbox' : 'watch threads and answer what waits (approvals, questions, Stop)';
  return `You are ${name} (${role}): you can ${may}. Prompts, files and settings are for an operator.`;
}

/**
 * Where the prompt box would be, on a page opened with an `answer-and-watch` device credential or
 * as a user whose role is not operator; the connection's notice stays (a revoked device is told so
 * here, and may pair again).
 */
export function AnswerOnlyNote() {
  const actor = useBatonStore((state) => state.actor);
  return (
    <div className={styles.composer}>
      <ConnectionNotice />
      <p data-testid="answer-only-note">{actor?.kind === 'user' ? userNote(actor) : ANSWER_AND_WATCH_NOTE}</p>
    </div>
  );
}
