'use client';

import { selectOpenChat } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';

/** Deletes the open thread and its history on the relay (`chat/delete`); not while a turn runs. */
export function ClearChatButton() {
  const threadOpen = useBatonStore((state) => state.selectedThreadId !== null);
  const turnRunning = useBatonStore((state) => selectOpenChat(state).turnRunning);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const clearChat = useBatonStore((state) => state.clearChat);
  if (!threadOpen) return null;

  return (
    <button
      type="button"
      className="button"
      data-testid="clear-chat"
      disabled={!connected || turnRunning}
      title={turnRunning ? 'Stop the turn first' : 'Delete this thread and its history'}
      onClick={() => void clearChat()}
    >
      Delete thread
    </button>
  );
}
