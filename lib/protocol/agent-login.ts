/**
 * An agent's login as the browser sees it (ACP authentication,
 * https://agentclientprotocol.com/protocol/initialization#authentication-methods): an agent that
 * answers `auth_required` and offers a `terminal` auth method gets its own login command run by
 * the relay in a pseudo-terminal, streamed to the page, typed into by the user; and `logout` for
 * an agent that advertises it. One login terminal at a time per agent.
 */
import { z } from 'zod';
import { ThreadIdSchema } from './thread-model';

/** The most of a login terminal's output the relay keeps and sends (its end). */
export const MAX_LOGIN_OUTPUT_CHARS = 32 * 1024;
/** The most one `agent/loginInput` may type at once. */
export const MAX_LOGIN_INPUT_CHARS = 4 * 1024;

const AgentNameSchema = z.string().min(1).max(200);

export const LoginTerminalSchema = z.object({
  /** The thread whose turn waits for the login. */
  threadId: ThreadIdSchema,
  /** The agent's name for its auth method ("Log in with your account"). */
  methodName: z.string(),
  /** running: the login command runs; failed: it ended without success (`message` says how). */
  state: z.enum(['running', 'failed']),
  /** The end of what the login command wrote, escape sequences and all (the page renders them as text). */
  output: z.string().max(MAX_LOGIN_OUTPUT_CHARS),
  message: z.string().optional(),
});
export type LoginTerminal = z.infer<typeof LoginTerminalSchema>;

/** To every tab: an agent's login as it stands (after its start, and at each change of its login terminal). */
export const AgentLoginUpdatedParamsSchema = z.object({
  agent: AgentNameSchema,
  /** The agent advertises `logout` (`agentCapabilities.auth.logout`). */
  canLogOut: z.boolean(),
  /** Its login terminal, while one runs or after it failed; null when there is none. */
  terminal: LoginTerminalSchema.nullable(),
});
export type AgentLoginUpdatedParams = z.infer<typeof AgentLoginUpdatedParamsSchema>;

/** Typed into the login terminal: a line ends with "\r", as a terminal's Enter sends. */
export const AgentLoginInputParamsSchema = z.object({
  agent: AgentNameSchema,
  text: z.string().min(1).max(MAX_LOGIN_INPUT_CHARS, `at most ${MAX_LOGIN_INPUT_CHARS} characters at once`),
});
/** Stops the login terminal (the waiting turn ends with an error), or dismisses a failed one. */
export const AgentLoginCancelParamsSchema = z.object({ agent: AgentNameSchema });
export const AgentLogoutParamsSchema = z.object({ agent: AgentNameSchema });

export const agentLoginRequests = {
  'agent/loginInput': { params: AgentLoginInputParamsSchema, result: z.object({}) },
  'agent/loginCancel': { params: AgentLoginCancelParamsSchema, result: z.object({}) },
  'agent/logout': { params: AgentLogoutParamsSchema, result: z.object({}) },
} as const;

export const agentLoginNotifications = {
  'agent/loginUpdated': AgentLoginUpdatedParamsSchema,
} as const;
