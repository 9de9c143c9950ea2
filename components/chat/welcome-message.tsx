'use client';

import { selectActiveAgent } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import { MarkdownText } from './markdown-text';
import { StarterPrompts } from './starter-prompts';
import styles from './chat.module.css';

/**
 * What an empty chat shows: a line to start from and a few starter prompts. The offline demo is
 * explained once, by the banner above the panes; the relay's welcome text, which says the same
 * for ECA clients that have no banner, is not repeated here.
 */
export function WelcomeMessage() {
  const welcome = useBatonStore((state) => {
    const agent = selectActiveAgent(state);
    if (agent !== undefined && agent.kind !== 'builtin') return `Ask ${agent.label} anything about this workspace.`;
    const offlineDemo = agent?.offlineDemo ?? state.agent?.offlineDemo ?? false;
    return offlineDemo ? 'Pick a prompt to see the demo at work, or type your own below.' : state.chatConfig.welcomeMessage;
  });
  return (
    <div className={styles.welcome} data-testid="welcome-message">
      <MarkdownText text={welcome ?? 'Type a prompt below to start.'} />
      <StarterPrompts />
    </div>
  );
}
