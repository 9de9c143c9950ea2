/**
 * Notifications a real Autohand build sends beyond the reference (specs/autohand-observed.md,
 * "More notifications"). Shapes beyond what is written there are left open: every field but the
 * ones a client acts on is optional, and unknown fields pass.
 */
import { z } from 'zod';

const timestamp = z.string().nullish();

/** Sent every 15 s while a turn runs: the agent is alive though nothing else is said. */
export const AutohandPingParamsSchema = z.object({ timestamp, status: z.string().nullish(), turnId: z.string().nullish() }).nullish();

export const AutohandHookSessionStartParamsSchema = z.looseObject({ sessionId: z.string().nullish(), timestamp }).nullish();

/** On stdin close: `{reason: 'exit'}`. */
export const AutohandHookSessionEndParamsSchema = z.looseObject({ reason: z.string().nullish(), timestamp }).nullish();

export const AutohandHookStopParamsSchema = z.looseObject({ timestamp }).nullish();

export const AutohandHookPermissionRequestParamsSchema = z
  .looseObject({ tool: z.string().nullish(), requestId: z.string().nullish(), timestamp })
  .nullish();

/** Only sent when a prompt asks for host-controlled steps, which Baton never does. */
export const AutohandStepEndParamsSchema = z.looseObject({ stepId: z.string().nullish(), timestamp }).nullish();
