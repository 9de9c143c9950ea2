'use client';

import type { InboxApproval, InboxItem } from '../../lib/protocol/inbox';
import { useBatonStore } from '../baton-client/baton-store-context';
import { selectWatchOnly, WATCH_ONLY_WAITING } from '../../stores/connection-slice';
import { notificationText } from '../../lib/inbox/notification-text';
import styles from './inbox.module.css';
import { InboxElicitationQuestion } from './inbox-elicitation';

/**
 * One entry of the inbox: its thread (opened by a click), what it asks or tells, and for a
 * question the answers the thread's card offers. A new kind of entry is one more case here.
 */
export function InboxEntry({
  item,
  muted,
  onOpen,
  onToggleMute,
}: {
  item: InboxItem;
  muted: boolean;
  onOpen(): void;
  onToggleMute(): void;
}) {
  const selectThread = useBatonStore((state) => state.selectThread);
  const open = () => {
    onOpen();
    void selectThread(item.threadId);
  };
  return (
    <li className={styles.entry} data-testid="inbox-item" data-kind={item.kind} data-thread-id={item.threadId}>
      <div className={styles.entryHead}>
        <button type="button" className={styles.threadLink} onClick={open} data-testid="inbox-open-thread">
          {item.threadTitle}
        </button>
        {item.agent ? <span className={styles.agent}>{item.agent}</span> : null}
        <button
          type="button"
          className={styles.mute}
          aria-pressed={muted}
          title={muted ? 'Notify me about this thread again' : 'No notifications from this thread'}
          onClick={onToggleMute}
          data-testid="inbox-mute"
        >
          {muted ? 'Muted' : 'Mute'}
        </button>
      </div>
      <EntryBody item={item} onOpen={open} />
    </li>
  );
}

function EntryBody({ item, onOpen }: { item: InboxItem; onOpen(): void }) {
  switch (item.kind) {
    case 'approval':
      return <ApprovalQuestion question={item} />;
    case 'elicitation':
      return <InboxElicitationQuestion question={item} onOpen={onOpen} />;
    case 'turnEnded':
      return <p className={styles.text}>{notificationText(item).body}</p>;
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

function ApprovalQuestion({ question }: { question: InboxApproval }) {
  const answer = useBatonStore((state) => state.answerInboxQuestion);
  const watchOnly = useBatonStore(selectWatchOnly);
  return (
    <>
      <p className={styles.text}>{question.question}</p>
      {question.detail ? (
        <code className={styles.detail} data-testid="inbox-detail">
          {question.detail}
        </code>
      ) : null}
      <div className={styles.answers}>
        {watchOnly ? (
          <span data-testid="approval-watch-only">{WATCH_ONLY_WAITING}</span>
        ) : question.options && question.options.length > 0 ? (
          question.options.map((option) => (
            <button
              key={option.optionId}
              type="button"
              className={option.kind.startsWith('allow') ? 'button button--primary' : 'button'}
              data-testid="inbox-option"
              onClick={() => answer(question, { approve: option.kind.startsWith('allow'), optionId: option.optionId })}
            >
              {option.name}
            </button>
          ))
        ) : (
          <>
            <button
              type="button"
              className="button button--primary"
              data-testid="inbox-approve"
              onClick={() => answer(question, { approve: true })}
            >
              Approve
            </button>
            <button type="button" className="button" data-testid="inbox-reject" onClick={() => answer(question, { approve: false })}>
              Reject
            </button>
          </>
        )}
      </div>
    </>
  );
}
