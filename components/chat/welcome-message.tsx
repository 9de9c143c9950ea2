'use client';

import { selectActiveAgent } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import { MarkdownText } from './markdown-text';

/** What an empty chat shows: the relay's welcome text, else a hint. */
export function WelcomeMessage() {
  // The relay's welcome speaks for the built-in agent; another agent gets a plain line.
  const welcome = useBatonStore((state) => {
    const agent = selectActiveAgent(state);
    return agent === undefined || agent.kind === 'builtin' ? state.chatConfig.welcomeMessage : `Ask ${agent.label} anything about this workspace.`;
  });
  return (
    <div className="welcome-message">
      <MarkdownText text={welcome ?? 'Type a prompt below to start.'} />
    </div>
  );
}
