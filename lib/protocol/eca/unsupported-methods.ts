/**
 * Requests today's ECA editors send that Baton's ECA server does not carry out: managing MCP
 * servers from the editor (Baton's are in its config file), model providers and their logins
 * (Baton's model comes from its environment), background jobs, inline completion and rewrite.
 * Each is in the table so the editor gets an answer that says what is not supported and why,
 * not a bare "Method not found". Their params are taken as they come: nothing in them is used.
 */
import { z } from 'zod';

const AnyParamsSchema = z.unknown();
const NoResultSchema = z.looseObject({});

/** The method, and what the editor's user is told instead. */
export const unsupportedEcaRequests = {
  'mcp/addServer': "MCP servers are set in Baton's config file (config.json in its data folder), not from the editor.",
  'mcp/removeServer': "MCP servers are set in Baton's config file (config.json in its data folder), not from the editor.",
  'mcp/updateServer': "MCP servers are set in Baton's config file (config.json in its data folder), not from the editor.",
  'providers/list': 'Baton has one model provider, set by its environment (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, BATON_MODEL).',
  'providers/login': 'Baton has no provider logins: its model is set by its environment (ANTHROPIC_API_KEY).',
  'providers/loginInput': 'Baton has no provider logins: its model is set by its environment (ANTHROPIC_API_KEY).',
  'providers/logout': 'Baton has no provider logins: its model is set by its environment (ANTHROPIC_API_KEY).',
  'jobs/list': "Baton runs no background jobs: every command runs within its chat's turn.",
  'jobs/readOutput': "Baton runs no background jobs: every command runs within its chat's turn.",
  'jobs/kill': "Baton runs no background jobs: every command runs within its chat's turn.",
  'completion/inline': 'Baton offers no inline completion; use the chat.',
  'rewrite/prompt': 'Baton offers no rewrite of a selection; ask for it in the chat.',
} as const;

export type UnsupportedEcaRequest = keyof typeof unsupportedEcaRequests;

/** The table entries (eca-protocol.ts): any params, an answer that never comes (the request fails). */
export const unsupportedRequestDefinitions = Object.fromEntries(
  Object.keys(unsupportedEcaRequests).map((method) => [method, { params: AnyParamsSchema, result: NoResultSchema }]),
) as Record<UnsupportedEcaRequest, { params: typeof AnyParamsSchema; result: typeof NoResultSchema }>;
