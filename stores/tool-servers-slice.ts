/**
 * The agent's tool servers as `tool/serverUpdated` reports them (specs/eca-protocol-v2.md, "Tool
 * updated"), and the user's Stop and Start ("Stop MCP server", "Start MCP server"). The relay
 * answers those with another `tool/serverUpdated`, so nothing changes here until it does.
 */
import { BUILTIN_AGENT_NAME } from '../lib/protocol/agents';
import type { ToolServerUpdatedParams } from '../lib/protocol/eca/tool-servers';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

/**
 * `error` is Baton's extension of the spec's payload: why a server failed. Optional, so a relay
 * or agent that does not send it still fits.
 */
export type ToolServer = ToolServerUpdatedParams & { error?: string };

/** The configured agent a server belongs to: the built-in one unless the update names another. */
export function toolServerOwner(server: ToolServer): string {
  return server.baton?.agent ?? BUILTIN_AGENT_NAME;
}

export interface ToolServersSlice {
  /** Every started agent's servers: per agent, the native tools first, then the MCP servers by name. */
  toolServers: readonly ToolServer[];
  /** Why the last Stop or Start could not be sent. */
  toolServersError: string | null;
  receiveToolServer(server: ToolServer): void;
  stopToolServer(server: ToolServer): void;
  startToolServer(server: ToolServer): void;
}

export const createToolServersSlice: BatonSliceCreator<ToolServersSlice> = (rpc) => (set) => {
  const notify = (method: 'mcp/stopServer' | 'mcp/startServer', { name, baton }: ToolServer) => {
    try {
      rpc.notify(method, baton ? { name, baton } : { name });
      set({ toolServersError: null });
    } catch (error) {
      set({ toolServersError: errorMessage(error) });
    }
  };

  return {
    toolServers: [],
    toolServersError: null,

    receiveToolServer(server) {
      set((state) => ({
        toolServers: [...state.toolServers.filter((known) => !sameServer(known, server)), server].sort(byOwnerKindName),
      }));
    },

    stopToolServer(server) {
      notify('mcp/stopServer', server);
    },

    startToolServer(server) {
      notify('mcp/startServer', server);
    },
  };
};

function sameServer(left: ToolServer, right: ToolServer): boolean {
  return left.name === right.name && toolServerOwner(left) === toolServerOwner(right);
}

function byOwnerKindName(left: ToolServer, right: ToolServer): number {
  if (toolServerOwner(left) !== toolServerOwner(right)) return toolServerOwner(left).localeCompare(toolServerOwner(right));
  if (left.type !== right.type) return left.type === 'native' ? -1 : 1;
  return left.name.localeCompare(right.name);
}

/** The failure reason, when the payload carries one. */
export function toolServerError(server: ToolServer): string | null {
  return server.type === 'mcp' && server.status === 'failed' && server.error ? server.error : null;
}
