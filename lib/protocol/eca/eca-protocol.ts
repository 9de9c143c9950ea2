/**
 * The whole ECA protocol as one table: v1 and v2 (specs/eca-protocol-v1.md,
 * specs/eca-protocol-v2.md) and the methods of the current protocol that today's editors call
 * (the editor-code-assistant/eca documentation, `docs/protocol.md`). Each schema accepts every
 * version and outputs v2 plus the current additions, and reads a `null` field as absent
 * (nulls-as-absent.ts). `ecaMethodDirections` says who sends each method: ECA's client is the
 * editor, its server the agent. Baton is both: its ECA server (server/eca-server/) serves editors,
 * and its ECA adapter (server/agents/eca-client/) drives other ECA servers. LSP's `$/cancelRequest`,
 * which the ECA spec does not list, is the connection's business (lib/rpc), not a method here.
 *
 * v1 lacks `chat/selectedBehaviorChanged`, `config/updated` and `editor/getDiagnostics`; the rest
 * of v1 and v2 is common to both. "Completion", "Edit" and "Add MCP" are marked "Soon" in both
 * versions, with no method name or shape, so they have no entry. Of the current protocol's many
 * further methods, the table has those a chat in an editor needs.
 */
import type { z } from 'zod';
import type { ProtocolDefinition } from '../protocol-definition';
import {
  ChatClearedParamsSchema,
  ChatClearParamsSchema,
  ChatClearResultSchema,
  ChatDeletedParamsSchema,
  ChatForkParamsSchema,
  ChatForkResultSchema,
  ChatOpenedParamsSchema,
  ChatRollbackParamsSchema,
  ChatRollbackResultSchema,
} from './chat-history-methods';
import {
  ChatAddFlagParamsSchema,
  ChatAddFlagResultSchema,
  ChatListParamsSchema,
  ChatListResultSchema,
  ChatOpenParamsSchema,
  ChatOpenResultSchema,
  ChatRemoveFlagParamsSchema,
  ChatRemoveFlagResultSchema,
  ChatUpdateParamsSchema,
  ChatUpdateResultSchema,
} from './chat-session-methods';
import {
  ChatContentReceivedParamsSchema,
  ChatDeleteParamsSchema,
  ChatDeleteResultSchema,
  ChatPromptResultSchema,
  ChatPromptSteerParamsSchema,
  ChatPromptSteerRemoveParamsSchema,
  ChatPromptStopParamsSchema,
  ChatQueryCommandsParamsSchema,
  ChatQueryCommandsResultSchema,
  ChatQueryContextParamsSchema,
  ChatQueryContextResultSchema,
  ChatQueryFilesParamsSchema,
  ChatQueryFilesResultSchema,
  ChatSelectedAgentChangedParamsSchema,
  ChatSelectedBehaviorChangedParamsSchema,
  ChatSelectedModelChangedParamsSchema,
  ChatToolCallApproveParamsSchema,
  ChatToolCallRejectParamsSchema,
  EditorChatPromptParamsSchema,
} from './chat-methods';
import { ConfigUpdatedParamsSchema } from './config';
import { EditorGetDiagnosticsParamsSchema, EditorGetDiagnosticsResultSchema } from './editor';
import {
  ExitParamsSchema,
  InitializedParamsSchema,
  InitializeParamsSchema,
  InitializeResultSchema,
  ShutdownParamsSchema,
  ShutdownResultSchema,
} from './lifecycle';
import { nullsAsAbsent } from './nulls-as-absent';
import { ShowMessageParamsSchema } from './show-message';
import { McpStartServerParamsSchema, McpStopServerParamsSchema, ToolServerUpdatedParamsSchema } from './tool-servers';
import { unsupportedEcaRequests, unsupportedRequestDefinitions, type UnsupportedEcaRequest } from './unsupported-methods';

const ecaMethods = {
  requests: {
    initialize: { params: InitializeParamsSchema, result: InitializeResultSchema },
    shutdown: { params: ShutdownParamsSchema, result: ShutdownResultSchema },
    'chat/prompt': { params: EditorChatPromptParamsSchema, result: ChatPromptResultSchema },
    'chat/queryContext': { params: ChatQueryContextParamsSchema, result: ChatQueryContextResultSchema },
    'chat/queryFiles': { params: ChatQueryFilesParamsSchema, result: ChatQueryFilesResultSchema },
    'chat/queryCommands': { params: ChatQueryCommandsParamsSchema, result: ChatQueryCommandsResultSchema },
    'chat/delete': { params: ChatDeleteParamsSchema, result: ChatDeleteResultSchema },
    'chat/clear': { params: ChatClearParamsSchema, result: ChatClearResultSchema },
    'chat/rollback': { params: ChatRollbackParamsSchema, result: ChatRollbackResultSchema },
    'chat/fork': { params: ChatForkParamsSchema, result: ChatForkResultSchema },
    'chat/list': { params: ChatListParamsSchema, result: ChatListResultSchema },
    'chat/open': { params: ChatOpenParamsSchema, result: ChatOpenResultSchema },
    'chat/update': { params: ChatUpdateParamsSchema, result: ChatUpdateResultSchema },
    'chat/addFlag': { params: ChatAddFlagParamsSchema, result: ChatAddFlagResultSchema },
    'chat/removeFlag': { params: ChatRemoveFlagParamsSchema, result: ChatRemoveFlagResultSchema },
    ...unsupportedRequestDefinitions,
    'editor/getDiagnostics': {
      // A server may send `params: null` for "every workspace".
      params: EditorGetDiagnosticsParamsSchema.optional(),
      result: EditorGetDiagnosticsResultSchema,
    },
  },
  notifications: {
    initialized: InitializedParamsSchema,
    exit: ExitParamsSchema,
    'chat/contentReceived': ChatContentReceivedParamsSchema,
    'chat/toolCallApprove': ChatToolCallApproveParamsSchema,
    'chat/toolCallReject': ChatToolCallRejectParamsSchema,
    'chat/promptStop': ChatPromptStopParamsSchema,
    'chat/promptSteer': ChatPromptSteerParamsSchema,
    'chat/promptSteerRemove': ChatPromptSteerRemoveParamsSchema,
    'chat/selectedBehaviorChanged': ChatSelectedBehaviorChangedParamsSchema,
    'chat/selectedAgentChanged': ChatSelectedAgentChangedParamsSchema,
    'chat/selectedModelChanged': ChatSelectedModelChangedParamsSchema,
    'chat/cleared': ChatClearedParamsSchema,
    'chat/opened': ChatOpenedParamsSchema,
    'chat/deleted': ChatDeletedParamsSchema,
    'config/updated': ConfigUpdatedParamsSchema,
    'tool/serverUpdated': ToolServerUpdatedParamsSchema,
    'mcp/stopServer': McpStopServerParamsSchema,
    'mcp/startServer': McpStartServerParamsSchema,
    '$/showMessage': ShowMessageParamsSchema,
  },
} as const satisfies ProtocolDefinition;

type Lenient<T extends z.ZodType> = ReturnType<typeof nullsAsAbsent<T>>;
type LenientProtocol<P extends ProtocolDefinition> = {
  requests: { [M in keyof P['requests']]: { params: Lenient<P['requests'][M]['params']>; result: Lenient<P['requests'][M]['result']> } };
  notifications: { [N in keyof P['notifications']]: Lenient<P['notifications'][N]> };
};

function withNullsAsAbsent<P extends ProtocolDefinition>(protocol: P): LenientProtocol<P> {
  const requests = Object.fromEntries(
    Object.entries(protocol.requests).map(([method, { params, result }]) => [
      method,
      { params: nullsAsAbsent(params), result: nullsAsAbsent(result) },
    ]),
  );
  const notifications = Object.fromEntries(
    Object.entries(protocol.notifications).map(([method, params]) => [method, nullsAsAbsent(params)]),
  );
  return { requests, notifications } as LenientProtocol<P>;
}

export const ecaProtocol = withNullsAsAbsent(ecaMethods);

export type EcaProtocol = typeof ecaProtocol;
export type EcaMethod = keyof EcaProtocol['requests'] | keyof EcaProtocol['notifications'];
export type EcaDirection = 'client-to-server' | 'server-to-client';

/** The spec's arrows: ↩️ and ➡️ client to server, ↪️ and ⬅️ server to client. */
export const ecaMethodDirections = {
  initialize: 'client-to-server',
  shutdown: 'client-to-server',
  'chat/prompt': 'client-to-server',
  'chat/queryContext': 'client-to-server',
  'chat/queryFiles': 'client-to-server',
  'chat/queryCommands': 'client-to-server',
  'chat/delete': 'client-to-server',
  'chat/clear': 'client-to-server',
  'chat/rollback': 'client-to-server',
  'chat/fork': 'client-to-server',
  'chat/list': 'client-to-server',
  'chat/open': 'client-to-server',
  'chat/update': 'client-to-server',
  'chat/addFlag': 'client-to-server',
  'chat/removeFlag': 'client-to-server',
  ...(Object.fromEntries(Object.keys(unsupportedEcaRequests).map((method) => [method, 'client-to-server'])) as Record<
    UnsupportedEcaRequest,
    'client-to-server'
  >),
  'editor/getDiagnostics': 'server-to-client',
  initialized: 'client-to-server',
  exit: 'client-to-server',
  'chat/contentReceived': 'server-to-client',
  'chat/toolCallApprove': 'client-to-server',
  'chat/toolCallReject': 'client-to-server',
  'chat/promptStop': 'client-to-server',
  'chat/promptSteer': 'client-to-server',
  'chat/promptSteerRemove': 'client-to-server',
  'chat/selectedBehaviorChanged': 'client-to-server',
  'chat/selectedAgentChanged': 'client-to-server',
  'chat/selectedModelChanged': 'client-to-server',
  'chat/cleared': 'server-to-client',
  'chat/opened': 'server-to-client',
  'chat/deleted': 'server-to-client',
  'config/updated': 'server-to-client',
  'tool/serverUpdated': 'server-to-client',
  'mcp/stopServer': 'client-to-server',
  'mcp/startServer': 'client-to-server',
  '$/showMessage': 'server-to-client',
} as const satisfies Record<EcaMethod, EcaDirection>;
