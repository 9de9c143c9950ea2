/**
 * `thread/steer`: a message the user sends while the thread's turn runs, for the agent to read at
 * its next step rather than after the turn (ECA's `chat/promptSteer`, which Baton passes on to an
 * ECA server and which the built-in agent takes at each model request). The relay records the
 * message as the user's when the agent takes it; one not taken before the turn ends is dropped,
 * and the tab sends it as a prompt of its own (as ECA's editors do).
 */
import { z } from 'zod';
import { ThreadIdSchema } from './thread-model';

/** As long as a prompt may be; the relay's own prompt limits apply to it too. */
export const ThreadSteerParamsSchema = z.object({
  threadId: ThreadIdSchema,
  text: z.string().trim().min(1, 'a steer message cannot be empty'),
});
export type ThreadSteerParams = z.infer<typeof ThreadSteerParamsSchema>;
export const ThreadSteerResultSchema = z.object({});

export const threadSteerRequests = {
  'thread/steer': { params: ThreadSteerParamsSchema, result: ThreadSteerResultSchema },
} as const;
