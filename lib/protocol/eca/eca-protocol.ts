/**
 * The whole ECA protocol, v1 and v2, as one table (specs/eca-protocol-v1.md,
 * specs/eca-protocol-v2.md). Each schema accepts both versions and outputs v2, the version the
 * relay speaks. `ecaMethodDirections` says who sends each method: ECA's client is the editor
 * (here, the relay), its server the agent. LSP's `$/cancelRequest`, which the ECA spec does not
 * list, is the connection's business (lib/rpc), not a method of this table.
 *
 * v1 lacks `chat/selectedBehaviorChanged`, `config/updated` and `editor/getDiagnostics`; the rest
 * is common to both. "Completion", "Edit" and "Add MCP" are marked "Soon" in both versions, with
 * no method name or shape, so they have no entry.
 */
import type { ProtocolDefinition } from '../../rpc/protocol-definition';
import {
  ChatContentReceivedParamsSchema,
  ChatDeleteParamsSchema,
  ChatDeleteResultSchema,
  ChatPromptParamsSchema,
  ChatPromptResultSchema,
  ChatPromptStopParamsSchema,
  ChatQueryCommandsParamsSchema,
  ChatQueryCommandsResultSchema,
  ChatQueryContextParamsSchema,
  ChatQueryContextResultSchema,
  ChatSelectedBehaviorChangedParamsSchema,
  ChatToolCallApproveParamsSchema,
  ChatToolCallRejectParamsSchema,
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
import { ShowMessageParamsSchema } from './show-message';
import {
  McpStartServerParamsSchema,
  McpStopServerParamsSchema,
  ToolServerUpdatedParamsSchema,
} from './tool-servers';

export const ecaProtocol = {
  requests: {
    initialize: { params: InitializeParamsSchema, result: InitializeResultSchema },
    shutdown: { params: ShutdownParamsSchema, result: ShutdownResultSchema },
    'chat/prompt': { params: ChatPromptParamsSchema, result: ChatPromptResultSchema },
    'chat/queryContext': { params: ChatQueryContextParamsSchema, result: ChatQueryContextResultSchema },
    'chat/queryCommands': { params: ChatQueryCommandsParamsSchema, result: ChatQueryCommandsResultSchema },
    'chat/delete': { params: ChatDeleteParamsSchema, result: ChatDeleteResultSchema },
    'editor/getDiagnostics': {
      params: EditorGetDiagnosticsParamsSchema,
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
    'chat/selectedBehaviorChanged': ChatSelectedBehaviorChangedParamsSchema,
    'config/updated': ConfigUpdatedParamsSchema,
    'tool/serverUpdated': ToolServerUpdatedParamsSchema,
    'mcp/stopServer': McpStopServerParamsSchema,
    'mcp/startServer': McpStartServerParamsSchema,
    '$/showMessage': ShowMessageParamsSchema,
  },
} as const satisfies ProtocolDefinition;

export type EcaProtocol = typeof ecaProtocol;
export type EcaMethod = keyof EcaProtocol['requests'] | keyof EcaProtocol['notifications'];

export type EcaDirection = 'client-to-server' | 'server-to-client';

/** The spec's arrows: ↩️ and ➡️ client to server, ↪️ and ⬅️ server to client. */
export const ecaMethodDirections = {
  initialize: 'client-to-server',
  shutdown: 'client-to-server',
  'chat/prompt': 'client-to-server',
  'chat/queryContext': 'client-to-server',
  'chat/queryCommands': 'client-to-server',
  'chat/delete': 'client-to-server',
  'editor/getDiagnostics': 'server-to-client',
  initialized: 'client-to-server',
  exit: 'client-to-server',
  'chat/contentReceived': 'server-to-client',
  'chat/toolCallApprove': 'client-to-server',
  'chat/toolCallReject': 'client-to-server',
  'chat/promptStop': 'client-to-server',
  'chat/selectedBehaviorChanged': 'client-to-server',
  'config/updated': 'server-to-client',
  'tool/serverUpdated': 'server-to-client',
  'mcp/stopServer': 'client-to-server',
  'mcp/startServer': 'client-to-server',
  '$/showMessage': 'server-to-client',
} as const satisfies Record<EcaMethod, EcaDirection>;

