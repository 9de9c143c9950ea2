/**
 * ACP's `sendMessage` and `streamMessageChunk` (specs/acp-threads.md, "Protocol Methods") on the
 * browser protocol. The relay plays the agent: a tab sends a user message with `sendMessage`, and
 * the relay streams the assistant's answer back to that tab as `streamMessageChunk` requests (the
 * client's method, thread-model-protocol.ts's directions), answering `sendMessage` with `null` once
 * the turn has ended and every chunk was taken.
 */
import { NullResultSchema, SendMessageParamsSchema, StreamMessageChunkParamsSchema } from './thread-model';

export const threadMessageRequests = {
  sendMessage: { params: SendMessageParamsSchema, result: NullResultSchema },
  streamMessageChunk: { params: StreamMessageChunkParamsSchema, result: NullResultSchema },
} as const;
