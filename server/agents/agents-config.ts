/**
 * The `agents` section of `<data-dir>/config.json`: the agents a thread may be bound to, by name.
 * The browser only ever names one of them; what is run (command, arguments, environment, URL) is
 * read from this file alone, which no agent may write.
 *
 *   "agents": {
 *     "claude": { "kind": "acp", "command": "npx", "args": ["-y", "@zed-industries/claude-agent-acp"],
 *                 "passEnv": ["ANTHROPIC_API_KEY"] },
 *     "eca":    { "kind": "eca", "command": "eca", "args": ["server"] },
 *     "emacs":  { "kind": "emacs-agent", "url": "http://127.0.0.1:8080/api" }
 *   },
 *   "defaultAgent": "claude"
 *
 * The built-in agent is always there as `builtin` and is the default unless `defaultAgent` says
 * otherwise.
 */
import { z } from 'zod';
import { AgentNameSchema, BUILTIN_AGENT_NAME } from '../../lib/protocol/agents';
import { childVariableName, refuseRelaySecretNames } from '../process/relay-secrets';

const VariableNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'not a variable name');
const EnvironmentSchema = z.record(VariableNameSchema, z.string()).superRefine(refuseRelaySecretNames);

/** How a child agent is started: never through a shell, with only the environment listed here. */
const StdioAgentFields = {
  label: z.string().min(1).optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  /** Variables set for the child, besides PATH, HOME and LANG. */
  env: EnvironmentSchema.default({}),
  /** Names of the relay's own variables the child may see (an API key, say); nothing else is passed on. */
  passEnv: z.array(childVariableName(VariableNameSchema)).default([]),
  /** The child's working directory, relative to the workspace; the workspace when absent. */
  cwd: z.string().min(1).optional(),
};

export const AgentEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('builtin'), label: z.string().min(1).optional() }),
  z.strictObject({ kind: z.literal('eca'), ...StdioAgentFields }),
  z.strictObject({
    kind: z.literal('autohand'),
    ...StdioAgentFields,
    /**
     * Autohand holds one conversation per process, so each thread runs its own: at most this many
     * at once (8 when absent). Past it, the longest idle thread's process is stopped (that thread
     * is primed again from its history when it comes back); when every one is busy, a new
     * thread's prompt is refused with a message naming this key.
     */
    maxProcesses: z.number().int().min(1).max(64).optional(),
  }),
  z.strictObject({
    kind: z.literal('acp'),
    ...StdioAgentFields,
    /**
     * Extra workspace roots for its sessions (ACP `additionalDirectories`), relative to the
     * workspace; sent only to an agent that takes them, and only folders inside the workspace
     * that are not protected (server/agents/acp/acp-additional-directories.ts).
     */
    additionalDirectories: z.array(z.string().min(1)).max(32).optional(),
  }),
  z.strictObject({
    kind: z.literal('emacs-agent'),
    label: z.string().min(1).optional(),
    /** The backend's base URL, ending in `/api` as `emacs-agent-http-sse.md` writes its paths. */
    url: z.url({ protocol: /^https?$/ }),
    /** Sent as `Authorization: Bearer` when the backend wants one. */
    token: z.string().min(1).optional(),
  }),
]);
export type AgentEntry = z.infer<typeof AgentEntrySchema>;
export type StdioAgentEntry = Extract<AgentEntry, { kind: 'eca' | 'autohand' | 'acp' }>;
export type EmacsAgentEntry = Extract<AgentEntry, { kind: 'emacs-agent' }>;

export const AgentsSectionSchema = z
  .object({
    agents: z.record(AgentNameSchema, AgentEntrySchema).default({}),
    defaultAgent: AgentNameSchema.optional(),
  })
  .superRefine((section, context) => {
    const names = new Set([BUILTIN_AGENT_NAME, ...Object.keys(section.agents)]);
    const builtin = section.agents[BUILTIN_AGENT_NAME];
    if (builtin !== undefined && builtin.kind !== 'builtin') {
      context.addIssue({
        code: 'custom',
        path: ['agents', BUILTIN_AGENT_NAME],
        message: `"${BUILTIN_AGENT_NAME}" is the built-in agent's name`,
      });
    }
    if (section.defaultAgent !== undefined && !names.has(section.defaultAgent)) {
      context.addIssue({
        code: 'custom',
        path: ['defaultAgent'],
        message: `names no configured agent (there are: ${[...names].join(', ')})`,
      });
    }
  });
export type AgentsSection = z.infer<typeof AgentsSectionSchema>;

/** The agents a relay offers: the built-in one first, then the configured ones in file order. */
export function configuredAgents(section: AgentsSection): Map<string, AgentEntry> {
  const agents = new Map<string, AgentEntry>([[BUILTIN_AGENT_NAME, { kind: 'builtin' }]]);
  for (const [name, entry] of Object.entries(section.agents)) agents.set(name, entry);
  return agents;
}
