/**
 * The whole Autohand JSON-RPC protocol as one table (specs/autohand-jsonrpc.md, and the
 * notifications a real build adds, specs/autohand-observed.md). Requests go from the client (the
 * relay) to Autohand; every notification goes from Autohand to the client.
 */
import type { ProtocolDefinition } from '../protocol-definition';
import {
  AutohandHookFileModifiedParamsSchema,
  AutohandHookPostResponseParamsSchema,
  AutohandHookPostToolParamsSchema,
  AutohandHookPrePromptParamsSchema,
  AutohandHookPreToolParamsSchema,
  AutohandHookSessionErrorParamsSchema,
} from './hooks';
import {
  AutohandAgentEndParamsSchema,
  AutohandAgentStartParamsSchema,
  AutohandChangesBatchEndParamsSchema,
  AutohandChangesBatchStartParamsSchema,
  AutohandChangesBatchUpdateParamsSchema,
  AutohandErrorParamsSchema,
  AutohandMessageEndParamsSchema,
  AutohandMessageStartParamsSchema,
  AutohandMessageUpdateParamsSchema,
  AutohandPermissionRequestParamsSchema,
  AutohandToolEndParamsSchema,
  AutohandToolStartParamsSchema,
  AutohandToolUpdateParamsSchema,
  AutohandTurnEndParamsSchema,
  AutohandTurnStartParamsSchema,
} from './notifications';
import {
  AutohandHookPermissionRequestParamsSchema,
  AutohandHookSessionEndParamsSchema,
  AutohandHookSessionStartParamsSchema,
  AutohandHookStopParamsSchema,
  AutohandPingParamsSchema,
  AutohandStepEndParamsSchema,
} from './observed';
import {
  AutohandChangesDecisionParamsSchema,
  AutohandChangesDecisionResultSchema,
  AutohandGetMessagesParamsSchema,
  AutohandGetMessagesResultSchema,
  AutohandGetStateResultSchema,
  AutohandNoParamsSchema,
  AutohandPermissionAcknowledgedParamsSchema,
  AutohandPermissionResponseParamsSchema,
  AutohandPromptParamsSchema,
  AutohandResetResultSchema,
  AutohandSuccessResultSchema,
} from './requests';

export const autohandProtocol = {
  requests: {
    'autohand.prompt': { params: AutohandPromptParamsSchema, result: AutohandSuccessResultSchema },
    'autohand.abort': { params: AutohandNoParamsSchema, result: AutohandSuccessResultSchema },
    'autohand.reset': { params: AutohandNoParamsSchema, result: AutohandResetResultSchema },
    'autohand.getState': { params: AutohandNoParamsSchema, result: AutohandGetStateResultSchema },
    'autohand.getMessages': { params: AutohandGetMessagesParamsSchema, result: AutohandGetMessagesResultSchema },
    'autohand.permissionResponse': {
      params: AutohandPermissionResponseParamsSchema,
      result: AutohandSuccessResultSchema,
    },
    'autohand.permissionAcknowledged': {
      params: AutohandPermissionAcknowledgedParamsSchema,
      result: AutohandSuccessResultSchema,
    },
    'autohand.changesDecision': {
      params: AutohandChangesDecisionParamsSchema,
      result: AutohandChangesDecisionResultSchema,
    },
  },
  notifications: {
    'autohand.agentStart': AutohandAgentStartParamsSchema,
    'autohand.agentEnd': AutohandAgentEndParamsSchema,
    'autohand.turnStart': AutohandTurnStartParamsSchema,
    'autohand.turnEnd': AutohandTurnEndParamsSchema,
    'autohand.messageStart': AutohandMessageStartParamsSchema,
    'autohand.messageUpdate': AutohandMessageUpdateParamsSchema,
    'autohand.messageEnd': AutohandMessageEndParamsSchema,
    'autohand.toolStart': AutohandToolStartParamsSchema,
    'autohand.toolUpdate': AutohandToolUpdateParamsSchema,
    'autohand.toolEnd': AutohandToolEndParamsSchema,
    'autohand.permissionRequest': AutohandPermissionRequestParamsSchema,
    'autohand.error': AutohandErrorParamsSchema,
    'autohand.changesBatchStart': AutohandChangesBatchStartParamsSchema,
    'autohand.changesBatchUpdate': AutohandChangesBatchUpdateParamsSchema,
    'autohand.changesBatchEnd': AutohandChangesBatchEndParamsSchema,
    'autohand.hook.preTool': AutohandHookPreToolParamsSchema,
    'autohand.hook.postTool': AutohandHookPostToolParamsSchema,
    'autohand.hook.fileModified': AutohandHookFileModifiedParamsSchema,
    'autohand.hook.prePrompt': AutohandHookPrePromptParamsSchema,
    'autohand.hook.postResponse': AutohandHookPostResponseParamsSchema,
    'autohand.hook.sessionError': AutohandHookSessionErrorParamsSchema,
    'autohand.ping': AutohandPingParamsSchema,
    'autohand.stepEnd': AutohandStepEndParamsSchema,
    'autohand.hook.sessionStart': AutohandHookSessionStartParamsSchema,
    'autohand.hook.sessionEnd': AutohandHookSessionEndParamsSchema,
    'autohand.hook.stop': AutohandHookStopParamsSchema,
    'autohand.hook.permissionRequest': AutohandHookPermissionRequestParamsSchema,
  },
} as const satisfies ProtocolDefinition;

export type AutohandProtocol = typeof autohandProtocol;
export type AutohandMethod = keyof AutohandProtocol['requests'] | keyof AutohandProtocol['notifications'];

/** Every request goes client to Autohand; every notification, Autohand to client. */
export function autohandMethodDirection(method: AutohandMethod): 'client-to-server' | 'server-to-client' {
  return method in autohandProtocol.requests ? 'client-to-server' : 'server-to-client';
}
