'use client';

import type { ThreadMetadata } from '../../lib/protocol/acp-threads';
import { useAgentLabel } from '../agents/use-agent-label';
import { useBatonStore } from '../baton-client/baton-store-context';

const UNTITLED = 'New thread';

function formatModifiedAt(modifiedAt: string): string {
  const date = new Date(modifiedAt);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function ThreadItem({ thread, selected }: { thread: ThreadMetadata; selected: boolean }) {
  const selectThread = useBatonStore((state) => state.selectThread);
  const agentLabel = useAgentLabel(thread.agent);
  const showAgent = useBatonStore((state) => state.agents.length > 1);

  return (
    <li>
      <button
        type="button"
        className="thread-item"
        data-testid="thread-item"
        data-thread-id={thread.id}
        aria-current={selected ? 'true' : undefined}
        onClick={() => void selectThread(thread.id)}
      >
        <span className="thread-item__title">{thread.title || UNTITLED}</span>
        <span className="thread-item__meta">
          {showAgent && agentLabel ? (
            <span className="thread-item__agent" data-testid="thread-agent">
              {agentLabel}
            </span>
          ) : null}
          <time className="thread-item__time" dateTime={thread.modifiedAt}>
            {formatModifiedAt(thread.modifiedAt)}
          </time>
        </span>
      </button>
    </li>
  );
}
