/** The whole store's type, and the shape every slice creator has. */
import type { StateCreator } from 'zustand/vanilla';
import type { BatonRpc } from './baton-rpc';
import type { ChatSlice } from './chat-slice';
import type { ComposerSlice } from './composer-slice';
import type { ConnectionSlice } from './connection-slice';
import type { FilesSlice } from './files-slice';
import type { ThreadListSlice } from './thread-list-slice';
import type { ThreadsSlice } from './threads-slice';
import type { ReviewSlice } from './review-slice';
import type { ToastsSlice } from './toasts-slice';
import type { ToolServersSlice } from './tool-servers-slice';
import type { RewindSlice } from './rewind-slice';
import type { PromptQueueSlice } from './prompt-queue-slice';
import type { ThreadFinderSlice } from './thread-finder-slice';
import type { EntryWindowSlice } from './entry-window-slice';
import type { AgentCatalogueSlice } from './agent-catalogue-slice';
import type { InboxSlice } from './inbox-slice';
import type { PushSlice } from './push-slice';
import type { AgentLoginSlice } from './agent-login-slice';
import type { AgentSettingsSlice } from './agent-settings-slice';
import type { DevicesSlice } from './devices-slice';
import type { AuditSlice } from './audit-slice';

export type BatonState = ConnectionSlice &
  ThreadsSlice &
  ThreadListSlice &
  ChatSlice &
  ComposerSlice &
  FilesSlice &
  ToolServersSlice &
  ToastsSlice &
  RewindSlice &
  ReviewSlice &
  PromptQueueSlice &
  ThreadFinderSlice &
  EntryWindowSlice &
  AgentCatalogueSlice &
  InboxSlice &
  PushSlice &
  AgentLoginSlice &
  AgentSettingsSlice &
  DevicesSlice &
  AuditSlice;

/** A slice sees the whole store (actions call across slices) and the relay connection. */
export type BatonSliceCreator<Slice> = (rpc: BatonRpc) => StateCreator<BatonState, [], [], Slice>;
