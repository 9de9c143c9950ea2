/**
 * The browser-facing protocol: every method and notification that crosses the socket between a
 * tab and the relay, with its schemas. Wire names are the specs' own (ECA `noun/verb`, ACP
 * camelCase thread methods).
 */
import { z } from 'zod';
import { ThreadHandOverParamsSchema, ThreadHandOverResultSchema } from './agents';
import {
  CreateThreadParamsSchema,
  CreateThreadResultSchema,
  GetThreadsParamsSchema,
  GetThreadsResultSchema,
  ReadTextFileParamsSchema,
  StatParamsSchema,
  StatResultSchema,
  ThreadParamsSchema,
} from './thread-model';
import {
  ChatPromptParamsSchema,
  ChatPromptResultSchema,
  ChatPromptStopParamsSchema,
  ChatToolCallApproveParamsSchema,
  ChatToolCallRejectParamsSchema,
  ConfigUpdatedParamsSchema,
  InitializeParamsSchema,
  InitializeResultSchema,
} from './eca-chat';
import type { ProtocolDefinition } from './protocol-definition';
import { threadExportRequests } from './thread-export-methods';
import {
  ChatDeleteParamsSchema,
  ChatDeleteResultSchema,
  ChatQueryCommandsParamsSchema,
  ChatQueryCommandsResultSchema,
  ChatQueryContextParamsSchema,
  ChatQueryContextResultSchema,
  ChatSelectedBehaviorChangedParamsSchema,
} from './eca/chat-methods';
import { ShowMessageParamsSchema } from './eca/show-message';
import { threadListNotifications, threadListRequests } from './thread-list-methods';
import { threadMessageRequests } from './thread-message-methods';
import { McpStartServerParamsSchema, McpStopServerParamsSchema, ToolServerUpdatedParamsSchema } from './eca/tool-servers';
import {
  GetThreadEntriesParamsSchema,
  GetThreadEventsParamsSchema,
  GetThreadEventsResultSchema,
  SequencedContentReceivedParamsSchema,
  ThreadSnapshotSchema,
} from './thread-events';
import {
  ListDirectoryParamsSchema,
  ListDirectoryResultSchema,
  WorkspaceGlobSearchParamsSchema,
  WorkspaceGlobSearchResultSchema,
  WorkspaceReadBinaryFileParamsSchema,
  WorkspaceReadBinaryFileResultSchema,
  WorkspaceReadTextFileResultSchema,
} from './workspace-files';
import { threadRewindRequests } from './thread-rewind';
import { threadSteerRequests } from './thread-steer';
import { threadAgentSettingRequests } from './thread-agent-setting';
import { agentCatalogueNotifications, agentCatalogueRequests } from './agent-catalogue';
import { elicitationRequests } from './elicitation';
import { inboxNotifications, inboxRequests } from './inbox';
import { pushRequests } from './push';
import { agentLoginNotifications, agentLoginRequests } from './agent-login';
import { DEVICE_SCOPE_ERROR_CODE, devicesRequests, ThisDeviceSchema } from './devices';
import { auditRequests, TabActorSchema } from './roles';

export const batonProtocol = {
  requests: {
    // Baton adds `device` for a tab opened with a paired device's credential, and `actor` (who the tab
    // is and its role), so the page hides what it may not use and names who it is.
    initialize: {
      params: InitializeParamsSchema,
      result: InitializeResultSchema.extend({ device: ThisDeviceSchema.optional(), actor: TabActorSchema.optional() }),
    },
    getThreads: { params: GetThreadsParamsSchema, result: GetThreadsResultSchema },
    createThread: { params: CreateThreadParamsSchema, result: CreateThreadResultSchema },
    'thread/handOver': { params: ThreadHandOverParamsSchema, result: ThreadHandOverResultSchema },
    openThread: { params: ThreadParamsSchema, result: z.null() },
    getThreadEntries: { params: GetThreadEntriesParamsSchema, result: ThreadSnapshotSchema },
    getThreadEvents: { params: GetThreadEventsParamsSchema, result: GetThreadEventsResultSchema },
    'chat/prompt': { params: ChatPromptParamsSchema, result: ChatPromptResultSchema },
    'chat/queryContext': { params: ChatQueryContextParamsSchema, result: ChatQueryContextResultSchema },
    'chat/queryCommands': { params: ChatQueryCommandsParamsSchema, result: ChatQueryCommandsResultSchema },
    'chat/delete': { params: ChatDeleteParamsSchema, result: ChatDeleteResultSchema },
    readTextFile: { params: ReadTextFileParamsSchema, result: WorkspaceReadTextFileResultSchema },
    readBinaryFile: { params: WorkspaceReadBinaryFileParamsSchema, result: WorkspaceReadBinaryFileResultSchema },
    stat: { params: StatParamsSchema, result: StatResultSchema },
    globSearch: { params: WorkspaceGlobSearchParamsSchema, result: WorkspaceGlobSearchResultSchema },
    listDirectory: { params: ListDirectoryParamsSchema, result: ListDirectoryResultSchema },
    ...threadRewindRequests,
    ...threadListRequests,
    ...threadMessageRequests,
    ...threadExportRequests,
    ...threadSteerRequests,
    ...threadAgentSettingRequests,
    ...agentCatalogueRequests,
    ...elicitationRequests,
    ...inboxRequests,
    ...pushRequests,
    ...agentLoginRequests,
    ...devicesRequests,
    ...auditRequests,
  },
  notifications: {
    initialized: z.object({}).optional(),
    'config/updated': ConfigUpdatedParamsSchema,
    'chat/contentReceived': SequencedContentReceivedParamsSchema,
    'chat/toolCallApprove': ChatToolCallApproveParamsSchema,
    'chat/toolCallReject': ChatToolCallRejectParamsSchema,
    'chat/promptStop': ChatPromptStopParamsSchema,
    'chat/selectedBehaviorChanged': ChatSelectedBehaviorChangedParamsSchema,
    'tool/serverUpdated': ToolServerUpdatedParamsSchema,
    'mcp/stopServer': McpStopServerParamsSchema,
    'mcp/startServer': McpStartServerParamsSchema,
    '$/showMessage': ShowMessageParamsSchema,
    ...threadListNotifications,
    ...agentCatalogueNotifications,
    ...inboxNotifications,
    ...agentLoginNotifications,
  },
} as const satisfies ProtocolDefinition;

export type BatonProtocol = typeof batonProtocol;

/** The socket.io event that carries every JSON-RPC message, in both directions. */
export const RPC_EVENT = 'rpc';

/** Why the relay refuses a socket whose token is missing or not the current one (the page tells the user). */
export const UNAUTHORIZED_MESSAGE = 'unauthorized: a valid token is required';

/**
 * Baton's own error codes, in the range JSON-RPC leaves to servers (-32000 to -32099). The relay's
 * message limits take codes of this range too (LimitErrorCodes in server/relay/message-limits.ts);
 * no two may share a code, or a tab would read one refusal as the other (rpc-errors.test.ts).
 */
export const BatonErrorCodes = {
  UnknownThread: -32001,
  ThreadBusy: -32002,
  FileUnavailable: -32003,
  PathOutsideWorkspace: -32004,
  UnknownAgent: -32007,
  /** `thread/steer` to an agent that cannot take a message mid-turn, or with no turn running. */
  CannotSteer: -32009,
  /** `thread/setAgentSetting` the agent does not offer, has no session for yet, or refused. */
  CannotSetSetting: -32010,
  /** A paired device asked for what its scope, or any device, may not do (lib/protocol/devices.ts). */
  DeviceNotAllowed: DEVICE_SCOPE_ERROR_CODE,
} as const;
