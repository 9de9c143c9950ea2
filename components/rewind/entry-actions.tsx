'use client';

import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { selectOpenChat } from '../../stores/baton-store';
import { selectAnswerOnly } from '../../stores/connection-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import { MenuItem } from '../action-menu/action-menu';

/**
 * Among an entry's actions: "Fork from here" on every one, and "Rewind to here" on the user's
 * messages. Both wait while a turn runs (the relay refuses them then). Each closes the menu.
 */
export function RewindActions({ index, entry, close }: { index: number; entry: ThreadEntry; close: () => void }) {
  const idle = useBatonStore((state) => !selectOpenChat(state).turnRunning && state.connectionStatus === 'connected');
  const askRewind = useBatonStore((state) => state.askRewind);
  const forkThreadAt = useBatonStore((state) => state.forkThreadAt);
  const answerOnly = useBatonStore(selectAnswerOnly);
  const isUserMessage = entry.type === 'message' && entry.role === 'user';
  const why = idle ? undefined : 'Wait for the turn to end, or stop it';
  if (answerOnly) return null;

  return (
    <>
      {isUserMessage ? (
        <MenuItem
          testId="rewind-to-here"
          disabled={!idle}
          title={why ?? 'Remove this message and everything after it, and put back the files changed since'}
          onSelect={() => {
            close();
            void askRewind(index);
          }}
        >
          Rewind to here
        </MenuItem>
      ) : null}
      <MenuItem
        testId="fork-from-here"
        disabled={!idle}
        title={why ?? 'A new thread with everything up to here'}
        onSelect={() => {
          close();
          void forkThreadAt(index);
        }}
      >
        Fork from here
      </MenuItem>
    </>
  );
}
