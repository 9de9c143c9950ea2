'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { MarkdownText } from './markdown-text';

/** What an empty chat shows: the relay's welcome text, else a hint. */
export function WelcomeMessage() {
  const welcome = useBatonStore((state) => state.chatConfig.welcomeMessage);
  return (
    <div className="welcome-message">
      <MarkdownText text={welcome ?? 'Type a prompt below to start.'} />
    </div>
  );
}
