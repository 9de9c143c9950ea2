/**
 * The thread model's protocol as one table (the thread methods of the Agent Communication Protocol
 * seed, specs/acp-threads.md, "Protocol Methods"), and its message envelope ("Message Structure").
 *
 * Directions: the spec files `getThreads` … `sendMessage` under "Agent-initiated Methods (Agent
 * -> Client)" and `streamMessageChunk` … `globSearch` under "Client-initiated". The methods' own
 * descriptions (a client lists, opens and writes to the agent's threads; the agent streams its
 * answer and reads the client's files) and the protocol's reference implementation
 * (zed-industries/agentic-coding-protocol, where the first group are the Agent's methods, called
 * by the client) say the reverse: the headings name whose methods they are, not who calls them.
 * `threadModelMethodDirections` records who sends each request.
 */
import { z } from 'zod';
import type { ProtocolDefinition } from './protocol-definition';
import {
  SpecThreadEntrySchema,
  CreateThreadResultSchema,
  GetThreadsResultSchema,
  GlobSearchParamsSchema,
  GlobSearchResultSchema,
  NoParamsSchema,
  NullResultSchema,
  ReadBinaryFileParamsSchema,
  ReadBinaryFileResultSchema,
  ReadTextFileParamsSchema,
  ReadTextFileResultSchema,
  SendMessageParamsSchema,
  StatParamsSchema,
  StatResultSchema,
  StreamMessageChunkParamsSchema,
  ThreadParamsSchema,
} from './thread-model';

/** An ACP peer answers with the spec's two entry types only; Baton's own entry types stay home. */
export const AcpGetThreadEntriesResultSchema = z.object({ entries: z.array(SpecThreadEntrySchema) });

export const threadModelProtocol = {
  requests: {
    getThreads: { params: NoParamsSchema, result: GetThreadsResultSchema },
    createThread: { params: NoParamsSchema, result: CreateThreadResultSchema },
    openThread: { params: ThreadParamsSchema, result: NullResultSchema },
    getThreadEntries: { params: ThreadParamsSchema, result: AcpGetThreadEntriesResultSchema },
    sendMessage: { params: SendMessageParamsSchema, result: NullResultSchema },
    streamMessageChunk: { params: StreamMessageChunkParamsSchema, result: NullResultSchema },
    readTextFile: { params: ReadTextFileParamsSchema, result: ReadTextFileResultSchema },
    readBinaryFile: { params: ReadBinaryFileParamsSchema, result: ReadBinaryFileResultSchema },
    stat: { params: StatParamsSchema, result: StatResultSchema },
    globSearch: { params: GlobSearchParamsSchema, result: GlobSearchResultSchema },
  },
  /** ACP has requests and responses only. */
  notifications: {},
} as const satisfies ProtocolDefinition;

export type ThreadModelProtocol = typeof threadModelProtocol;
export type ThreadModelMethod = keyof ThreadModelProtocol['requests'];

export const threadModelMethodDirections = {
  getThreads: 'client-to-agent',
  createThread: 'client-to-agent',
  openThread: 'client-to-agent',
  getThreadEntries: 'client-to-agent',
  sendMessage: 'client-to-agent',
  streamMessageChunk: 'agent-to-client',
  readTextFile: 'agent-to-client',
  readBinaryFile: 'agent-to-client',
  stat: 'agent-to-client',
  globSearch: 'agent-to-client',
} as const satisfies Record<ThreadModelMethod, 'client-to-agent' | 'agent-to-client'>;

/**
 * ACP messages are JSON-RPC without the `jsonrpc` member (the spec's examples have none, and the
 * reference implementation sends none). A peer that adds `"jsonrpc": "2.0"` is accepted too.
 */
const envelope = { jsonrpc: z.literal('2.0').optional() };

/** "An integer that is unique for each request initiated by a peer"; the reference starts at 0. */
export const AcpRequestIdSchema = z.number().int();

export const AcpRequestSchema = z.object({
  ...envelope,
  id: AcpRequestIdSchema,
  method: z.string().min(1),
  params: z.unknown(),
});
export type AcpRequest = z.infer<typeof AcpRequestSchema>;

export const AcpErrorObjectSchema = z.object({ code: z.number().int(), message: z.string() });

export const AcpSuccessResponseSchema = z.strictObject({
  ...envelope,
  id: AcpRequestIdSchema,
  /** May be `null`, never missing. */
  result: z.unknown().nonoptional(),
});

export const AcpErrorResponseSchema = z.strictObject({ ...envelope, id: AcpRequestIdSchema, error: AcpErrorObjectSchema });

/** "A response MUST contain either `result` or `error`, but not both." */
export const AcpResponseSchema = z.union([AcpSuccessResponseSchema, AcpErrorResponseSchema]);
export type AcpResponse = z.infer<typeof AcpResponseSchema>;
