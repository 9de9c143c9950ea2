'use client';

import { ChatPanel } from '../chat/chat-panel';
import { KeyboardShortcuts } from '../command-palette/keyboard-shortcuts';
import { DeletedThreadToast } from '../threads/deleted-thread-toast';
import { ThreadAddress } from '../threads/thread-address';
import { ThreadPanel } from '../threads/thread-panel';
import { ToastList } from '../toasts/toast-list';
import { AppHeader } from './app-header';
import { OfflineDemoBanner } from './offline-demo-banner';
import { SidePanel } from './side-panel';

/** Header and banner on top; threads, chat and files (or tools) side by side below; toasts above all. */
export function AppShell() {
  return (
    <div className="app-shell">
      <AppHeader />
      <OfflineDemoBanner />
      <div className="app-panes">
        <ThreadPanel />
        <ChatPanel />
        <SidePanel />
      </div>
      <ToastList />
      <DeletedThreadToast />
      <ThreadAddress />
      <KeyboardShortcuts />
    </div>
  );
}
