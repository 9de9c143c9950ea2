/**
 * The ECA protocol as a client of someone else's server reads it (server/agents/eca-client/): the
 * same table as eca-protocol.ts, except that what the server sends may carry `null` where the
 * spec says a field is optional (real peers do; DESIGN.md, "Facts about this machine"). Those
 * nulls become absent fields before the v1/v2 schemas see them, one level deep (a tool's own
 * arguments are left as they came). What the client sends is unchanged.
 */
import { z } from 'zod';
import type { ProtocolDefinition } from '../../rpc/protocol-definition';
import {
  ChatContentReceivedParamsSchema,
  ChatPromptResultSchema,
  ChatQueryCommandsResultSchema,
  ChatQueryContextResultSchema,
} from './chat-methods';
import { ConfigUpdatedParamsSchema } from './config';
import { ecaProtocol } from './eca-protocol';
import { EditorGetDiagnosticsParamsSchema } from './editor';
import { InitializeResultSchema } from './lifecycle';
import { ShowMessageParamsSchema } from './show-message';
import { ToolServerUpdatedParamsSchema } from './tool-servers';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of an object without its null fields; anything else as it is. */
export function withoutNullFields(value: unknown): unknown {
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
}

/** Drops nulls from the object and from the objects at `paths` inside it (`key` or `key[]` for a list). */
function nullsDropped(value: unknown, paths: readonly string[] = []): unknown {
  const top = withoutNullFields(value);
  if (!isRecord(top)) return top;
  for (const path of paths) {
    const list = path.endsWith('[]');
    const key = list ? path.slice(0, -2) : path;
    const field = top[key];
    if (field === undefined) continue;
    top[key] = list && Array.isArray(field) ? field.map(withoutNullFields) : withoutNullFields(field);
  }
  return top;
}

const lenient = <T extends z.ZodType>(schema: T, paths?: readonly string[]) =>
  z.preprocess((value) => nullsDropped(value, paths), schema);

/** A content's nulls, and those of its tool outputs, dropped. */
const LenientContentReceivedSchema = z.preprocess((value) => {
  const params = nullsDropped(value, ['content']);
  if (isRecord(params) && isRecord(params.content)) {
    params.content = nullsDropped(params.content, ['outputs[]', 'details']);
  }
  return params;
}, ChatContentReceivedParamsSchema);

export const ecaClientProtocol = {
  requests: {
    ...ecaProtocol.requests,
    initialize: { params: ecaProtocol.requests.initialize.params, result: lenient(InitializeResultSchema) },
    'chat/prompt': { params: ecaProtocol.requests['chat/prompt'].params, result: lenient(ChatPromptResultSchema) },
    'chat/queryContext': {
      params: ecaProtocol.requests['chat/queryContext'].params,
      result: lenient(ChatQueryContextResultSchema),
    },
    'chat/queryCommands': {
      params: ecaProtocol.requests['chat/queryCommands'].params,
      result: z.preprocess((value) => {
        const result = nullsDropped(value, ['commands[]']);
        if (isRecord(result) && Array.isArray(result.commands)) {
          result.commands = result.commands.map((command) => nullsDropped(command, ['arguments[]']));
        }
        return result;
      }, ChatQueryCommandsResultSchema),
    },
    // A server may send `params: null` for "every workspace".
    'editor/getDiagnostics': {
      params: z.preprocess((value) => (value === null ? undefined : nullsDropped(value)), EditorGetDiagnosticsParamsSchema.optional()),
      result: ecaProtocol.requests['editor/getDiagnostics'].result,
    },
  },
  notifications: {
    ...ecaProtocol.notifications,
    'chat/contentReceived': LenientContentReceivedSchema,
    'config/updated': lenient(ConfigUpdatedParamsSchema),
    'tool/serverUpdated': lenient(ToolServerUpdatedParamsSchema, ['tools[]']),
    '$/showMessage': lenient(ShowMessageParamsSchema),
  },
} as const satisfies ProtocolDefinition;

export type EcaClientProtocol = typeof ecaClientProtocol;
