/**
 * The browser's one store, built from typed slices. Created per React provider (never a module
 * singleton, so server renders and tests never share state) and usable without React.
 */
import { createStore } from 'zustand/vanilla';
import type { BatonRpc } from './baton-rpc';
import { withRoleGuard } from './role-guarded-rpc';
import type { BatonState } from './baton-state';
import { createChatSlice } from './chat-slice';
import { createComposerSlice } from './composer-slice';
import { createConnectionSlice } from './connection-slice';
import { createFilesSlice } from './files-slice';
import { createThreadListSlice } from './thread-list-slice';
import { createThreadsSlice } from './threads-slice';
import { createReviewSlice } from './review-slice';
import { createToastsSlice } from './toasts-slice';
import { createToolServersSlice } from './tool-servers-slice';
import { createRewindSlice } from './rewind-slice';
import { createPromptQueueSlice } from './prompt-queue-slice';
import { createThreadFinderSlice } from './thread-finder-slice';
import { createEntryWindowSlice } from './entry-window-slice';
import { createAgentCatalogueSlice } from './agent-catalogue-slice';
import { createInboxSlice } from './inbox-slice';
import { createPushSlice } from './push-slice';
import { createAgentLoginSlice } from './agent-login-slice';
import { createAgentSettingsSlice } from './agent-settings-slice';
import { createDevicesSlice } from './devices-slice';
import { createAuditSlice } from './audit-slice';

export function createBatonStore(connection: BatonRpc) {
  const rpc = withRoleGuard(
    connection,
    () => store.getState().actor,
    (message) => store.setState({ lastError: message }),
  );
  const store = createStore<BatonState>()((...store) => ({
    ...createConnectionSlice(rpc)(...store),
    ...createThreadsSlice(rpc)(...store),
    ...createThreadListSlice(rpc)(...store),
    ...createChatSlice(rpc)(...store),
    ...createComposerSlice(rpc)(...store),
    ...createFilesSlice(rpc)(...store),
    ...createToolServersSlice(rpc)(...store),
    ...createToastsSlice(rpc)(...store),
    ...createRewindSlice(rpc)(...store),
    ...createReviewSlice(rpc)(...store),
    ...createPromptQueueSlice(rpc)(...store),
    ...createThreadFinderSlice(rpc)(...store),
    ...createEntryWindowSlice(rpc)(...store),
    ...createAgentCatalogueSlice(rpc)(...store),
    ...createInboxSlice(rpc)(...store),
    ...createPushSlice(rpc)(...store),
    ...createAgentLoginSlice(rpc)(...store),
    ...createAgentSettingsSlice(rpc)(...store),
    ...createDevicesSlice(rpc)(...store),
    ...createAuditSlice(rpc)(...store),
  }));
  // A rewind's confirmation belongs to the thread it was asked on: leaving that thread (switching,
  // forking, deleting) closes it, so that no confirmation can act on a thread out of sight.
  store.subscribe((state, previous) => {
    // The relay judges where this tab looks by the thread it shows, not by the updates it receives.
    if (state.selectedThreadId !== previous.selectedThreadId) state.reportShownThread();
    if (state.pendingRewind && state.pendingRewind.threadId !== state.selectedThreadId) store.setState({ pendingRewind: null });
  });
  return store;
}

export type BatonStore = ReturnType<typeof createBatonStore>;
export type { BatonState } from './baton-state';
export type { BatonRpc } from './baton-rpc';
export { selectOpenChat, selectTurnActive, selectTurnError } from './chat-slice';
export type { ThreadChat, TurnUsage } from './thread-chat';
export { chatContextKey } from './chat-context-key';
export type { ConnectionStatus, AgentInfo, ChatConfig } from './connection-slice';
export { toolServerError, type ToolServer } from './tool-servers-slice';
export type { Toast } from './toasts-slice';
