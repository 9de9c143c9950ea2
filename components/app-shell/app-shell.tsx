'use client';

import { ChatPanel } from '../chat/chat-panel';
import { FilePanel } from '../files/file-panel';
import { ThreadPanel } from '../threads/thread-panel';
import { AppHeader } from './app-header';
import { OfflineDemoBanner } from './offline-demo-banner';

/** Header and banner on top; threads, chat and files side by side below. */
export function AppShell() {
  return (
    <div className="app-shell">
      <AppHeader />
      <OfflineDemoBanner />
      <div className="app-panes">
        <ThreadPanel />
        <ChatPanel />
        <FilePanel />
      </div>
    </div>
  );
}
