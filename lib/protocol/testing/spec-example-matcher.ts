/**
 * Decides which schema a spec example is an example of, for spec-examples.test.ts. JSON-RPC
 * messages are matched by `method` and by whether they carry `id`, `result` or `error` (a
 * response by the id of the request example it answers); other examples by the heading, and
 * for REST bodies by whether they are a request or a response.
 */
import type { z } from 'zod';
import { AcpErrorResponseSchema, AcpRequestSchema, AcpSuccessResponseSchema, threadModelProtocol } from '../thread-model-protocol';
import { SpecThreadEntrySchema, MessageChunkSchema, MessageSchema, ThreadMetadataSchema } from '../thread-model';
import { autohandProtocol } from '../autohand/autohand-protocol';
import { ecaProtocol } from '../eca/eca-protocol';
import { EmacsAgentErrorBodySchema } from '../emacs-agent/emacs-agent-errors';
import { emacsAgentEndpoints, type EmacsAgentEndpointName } from '../emacs-agent/emacs-agent-endpoints';
import { EmacsAgentSseFrameSchema } from '../emacs-agent/sse-events';
import { ToolDefinitionsSchema } from '../emacs-agent/tool-definitions';
import { ErrorResponseSchema, NotificationMessageSchema, RequestMessageSchema, SuccessResponseSchema } from '../json-rpc';
import type { ProtocolDefinition } from '../protocol-definition';

/** The shape of the committed fixtures (see lib/protocol/spec-example-parser.ts). */
export interface SpecExampleFixture {
  spec: string;
  line: number;
  heading: string;
  lead?: string;
  source: 'json' | 'http-body' | 'sse-data' | 'plain';
  sseEvent?: string;
  json: unknown;
}

export interface ExampleMatch {
  /** What the example is, for messages: "autohand.prompt request". */
  name: string;
  schema: z.ZodType;
  /** What to parse: the example, or for an SSE event its frame. */
  value: unknown;
}

type Envelope = 'json-rpc' | 'acp';

const rpcProtocols: Record<string, { protocol: ProtocolDefinition; envelope: Envelope }> = {
  'eca-protocol-v1.md': { protocol: ecaProtocol, envelope: 'json-rpc' },
  'eca-protocol-v2.md': { protocol: ecaProtocol, envelope: 'json-rpc' },
  'autohand-jsonrpc.md': { protocol: autohandProtocol, envelope: 'json-rpc' },
  'acp-threads.md': { protocol: threadModelProtocol, envelope: 'acp' },
};

const acpStructures: Record<string, z.ZodType> = {
  '`ThreadMetadata`': ThreadMetadataSchema,
  'Message Entry': SpecThreadEntrySchema,
  'ReadFile Entry': SpecThreadEntrySchema,
  '`Message`': MessageSchema,
  '`MessageChunk`': MessageChunkSchema,
};

const emacsEndpointsByHeading: Record<string, EmacsAgentEndpointName> = {
  'Create Session': 'createSession',
  'Get Session Info': 'getSession',
  'End Session': 'endSession',
  'Send Prompt': 'sendPrompt',
  'Interrupt Agent': 'interrupt',
  'Approve Tool Call': 'approveToolCall',
  'Reject Tool Call': 'rejectToolCall',
  'List All Transcripts': 'listTranscripts',
  'Resume Session': 'resumeSession',
};

export function matchSpecExample(example: SpecExampleFixture, sameSpec: readonly SpecExampleFixture[]): ExampleMatch | undefined {
  const rpc = rpcProtocols[example.spec];
  if (rpc && isMessage(example.json)) return matchMessage(example.json, sameSpec, rpc.protocol, rpc.envelope);
  if (example.spec === 'acp-threads.md') {
    const schema = acpStructures[example.heading];
    return schema && { name: example.heading, schema, value: example.json };
  }
  if (example.spec === 'emacs-agent-http-sse.md') return matchEmacsAgent(example);
  return undefined;
}

type Message = Record<string, unknown>;

function isMessage(json: unknown): json is Message {
  if (typeof json !== 'object' || json === null) return false;
  return 'method' in json || ('id' in json && ('result' in json || 'error' in json));
}

function matchMessage(
  message: Message,
  sameSpec: readonly SpecExampleFixture[],
  protocol: ProtocolDefinition,
  envelope: Envelope,
): ExampleMatch | undefined {
  const acp = envelope === 'acp';
  if ('error' in message) {
    return { name: 'error response', schema: acp ? AcpErrorResponseSchema : ErrorResponseSchema, value: message };
  }
  if (typeof message.method === 'string') {
    const method = message.method;
    if ('id' in message) {
      const definition = protocol.requests[method];
      if (!definition) return undefined;
      const base = acp ? AcpRequestSchema : RequestMessageSchema;
      return { name: `${method} request`, schema: base.extend({ params: definition.params }), value: message };
    }
    const params = protocol.notifications[method];
    if (!params) return undefined;
    return { name: `${method} notification`, schema: NotificationMessageSchema.extend({ params }), value: message };
  }
  const method = requestMethodFor(message.id, sameSpec);
  const definition = method === undefined ? undefined : protocol.requests[method];
  if (!definition) return undefined;
  const base = acp ? AcpSuccessResponseSchema : SuccessResponseSchema;
  return { name: `${method} response`, schema: base.extend({ result: definition.result }), value: message };
}

/** The method of the request example with this id, which a response example answers. */
function requestMethodFor(id: unknown, sameSpec: readonly SpecExampleFixture[]): string | undefined {
  for (const { json } of sameSpec) {
    if (isMessage(json) && typeof json.method === 'string' && 'id' in json && json.id === id) return json.method;
  }
  return undefined;
}

function matchEmacsAgent(example: SpecExampleFixture): ExampleMatch | undefined {
  if (example.source === 'sse-data') {
    return { name: 'SSE event', schema: EmacsAgentSseFrameSchema, value: { event: example.sseEvent, data: example.json } };
  }
  const endpointName = emacsEndpointsByHeading[example.heading];
  if (endpointName) {
    const endpoint: { request?: z.ZodType; response: z.ZodType } = emacsAgentEndpoints[endpointName];
    const isRequest = example.source === 'http-body';
    const schema = isRequest ? endpoint.request : endpoint.response;
    return schema && { name: `${endpointName} ${isRequest ? 'request' : 'response'}`, schema, value: example.json };
  }
  const other = otherEmacsAgentExample(example);
  return other && { ...other, value: example.json };
}

/** "Data Formats" shows the prompt request and response again; the rest are whole bodies. */
function otherEmacsAgentExample(example: SpecExampleFixture): { name: string; schema: z.ZodType } | undefined {
  if (example.heading === 'JSON Request/Response' && example.lead?.includes('Request')) {
    return { name: 'sendPrompt request', schema: emacsAgentEndpoints.sendPrompt.request };
  }
  if (example.heading === 'JSON Request/Response' && example.lead?.includes('Response')) {
    return { name: 'sendPrompt response', schema: emacsAgentEndpoints.sendPrompt.response };
  }
  if (example.heading === 'TOON Format (Optional)') return { name: 'tool definitions', schema: ToolDefinitionsSchema };
  if (example.heading === 'Application Error Codes') return { name: 'error body', schema: EmacsAgentErrorBodySchema };
  return undefined;
}
