/**
 * MCP prompts as `/` commands (specs/eca-protocol-v2.md, "Chat Query Commands", type
 * 'mcp-prompt'), named `<server>:<prompt>` as ECA names them, and a prompt's messages as text.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ChatCommand } from '../../../../lib/protocol/eca/chat-methods';
import { contentBlockToText } from './mcp-content';

export interface McpPrompt {
  server: string;
  /** The prompt's own name, as its server knows it. */
  name: string;
  description: string;
  arguments: Array<{ name: string; description?: string; required: boolean }>;
}

export interface McpPromptMessages {
  description?: string;
  messages: Array<{ role: 'user' | 'assistant'; text: string }>;
  /** The messages' text, joined by blank lines: what a one-message prompt sends. */
  text: string;
}

const COMMAND_SEPARATOR = ':';
const MAX_LIST_PAGES = 50;

export function promptCommand(prompt: McpPrompt): ChatCommand {
  return {
    name: `${prompt.server}${COMMAND_SEPARATOR}${prompt.name}`,
    description: prompt.description,
    type: 'mcp-prompt',
    arguments: prompt.arguments,
  };
}

/** The server and prompt a command name stands for; undefined for a name that is not `a:b`. */
export function parsePromptCommand(commandName: string): { server: string; name: string } | undefined {
  const at = commandName.indexOf(COMMAND_SEPARATOR);
  if (at <= 0 || at === commandName.length - 1) return undefined;
  return { server: commandName.slice(0, at), name: commandName.slice(at + 1) };
}

export async function listServerPrompts(server: string, client: Client, timeoutMs: number): Promise<McpPrompt[]> {
  const prompts: McpPrompt[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const result = await client.listPrompts(cursor ? { cursor } : {}, { timeout: timeoutMs });
    for (const prompt of result.prompts) {
      prompts.push({
        server,
        name: prompt.name,
        description: prompt.description ?? prompt.title ?? '',
        arguments: (prompt.arguments ?? []).map((argument) => ({
          name: argument.name,
          ...(argument.description === undefined ? {} : { description: argument.description }),
          required: argument.required ?? false,
        })),
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return prompts;
}

export async function getServerPrompt(
  client: Client,
  name: string,
  args: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<McpPromptMessages> {
  const result = await client.getPrompt({ name, arguments: args }, { timeout: timeoutMs, signal });
  const messages = result.messages.map((message) => ({
    role: message.role,
    text: contentBlockToText(message.content),
  }));
  return {
    ...(result.description === undefined ? {} : { description: result.description }),
    messages,
    text: messages.map((message) => message.text).join('\n\n'),
  };
}
