'use client';

import { useAgentLabel } from '../agents/use-agent-label';
import { selectChangesShown } from '../../stores/review-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ReviewToolbar } from './review-toolbar';
import { ThreadDetailsButton } from './thread-details-button';
import styles from './thread-header.module.css';
import { ThreadMenu } from './thread-menu';

/**
 * The chat pane's top, one line: the thread's title, its agent and model, its one usage figure
 * (which opens the rest of its details), the review group and the "⋯" thread menu. As the pane
 * narrows, the agent and model give way first (they are in the details), then the review group
 * (its actions move into the menu); the title takes what is left and ends in an ellipsis. The
 * Changes panel it switches takes the chat's place (chat-panel.tsx).
 */
export function ThreadHeader({ title, missing }: { title: string; missing: boolean }) {
  const showChanges = useBatonStore(selectChangesShown);
  const setChangesShown = useBatonStore((state) => state.showChanges);
  const threadOpen = useBatonStore((state) => state.selectedThreadId !== null);
  const toggleChanges = () => setChangesShown(!showChanges);
  const reviewing = threadOpen && !missing;
  return (
    <header className={styles.threadHeader} data-testid="thread-header">
      <div className={`pane__header ${styles.row}`} data-testid="thread-header-row">
        <h2 className={`pane__title ${styles.title}`} title={title}>
          {title}
        </h2>
        {reviewing ? (
          <>
            <AgentAndModel />
            <ThreadDetailsButton />
            <ReviewToolbar showChanges={showChanges} onToggleChanges={toggleChanges} />
          </>
        ) : null}
        <ThreadMenu reviewing={reviewing} showChanges={showChanges} onToggleChanges={toggleChanges} />
      </div>
    </header>
  );
}

/** "Built-in agent · claude-sonnet-4-5", from the thread's details once read. */
function AgentAndModel() {
  const details = useBatonStore((state) => (state.threadDetails?.id === state.selectedThreadId ? state.threadDetails : null));
  const agentLabel = useAgentLabel(details?.agent ?? '');
  if (!details) return null;
  const text = [agentLabel || details.agent, details.model].filter(Boolean).join(' · ');
  return (
    <span className={styles.agent} data-testid="thread-header-agent" title={text}>
      {text}
    </span>
  );
}
