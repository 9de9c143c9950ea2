/**
 * The agent states Emacs-Agent reports in REST answers (`agent_state`) and in `agent.state`
 * events (specs/emacs-agent-http-sse.md, "5. Agent State", "Possible states").
 */
import { z } from 'zod';

export const EmacsAgentStateSchema = z.enum(['idle', 'thinking', 'tool_execution', 'waiting_approval', 'error']);
export type EmacsAgentState = z.infer<typeof EmacsAgentStateSchema>;

/**
 * The examples' ids are UUIDs (and the backend's handler takes a `Uuid`), but the error example
 * says "Session 123 does not exist": any non-empty string is accepted.
 */
export const EmacsAgentSessionIdSchema = z.string().min(1);
