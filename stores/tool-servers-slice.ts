/**
 * The agent's tool servers as `tool/serverUpdated` reports them (specs/eca-protocol-v2.md, "Tool
 * updated"), and the user's Stop and Start ("Stop MCP server", "Start MCP server"). The relay
 * answers those with another `tool/serverUpdated`, so nothing changes here until it does.
 */
import type { ToolServerUpdatedParams } from '../lib/protocol/eca/tool-servers';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

/**
 * `error` is Baton's extension of the spec's payload: why a server failed. Optional, so a relay
 * or agent that does not send it still fits.
 */
export type ToolServer = ToolServerUpdatedParams & { error?: string };

export interface ToolServersSlice {
  /** The built-in tools first, then the MCP servers by name. */
  toolServers: readonly ToolServer[];
  /** Why the last Stop or Start could not be sent. */
  toolServersError: string | null;
  receiveToolServer(server: ToolServer): void;
  stopToolServer(name: string): void;
  startToolServer(name: string): void;
}

export const createToolServersSlice: BatonSliceCreator<ToolServersSlice> = (rpc) => (set) => {
  const notify = (method: 'mcp/stopServer' | 'mcp/startServer', name: string) => {
    try {
      rpc.notify(method, { name });
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
        toolServers: [...state.toolServers.filter((known) => known.name !== server.name), server].sort(byKindThenName),
      }));
    },

    stopToolServer(name) {
      notify('mcp/stopServer', name);
    },

    startToolServer(name) {
      notify('mcp/startServer', name);
    },
  };
};

function byKindThenName(left: ToolServer, right: ToolServer): number {
  if (left.type !== right.type) return left.type === 'native' ? -1 : 1;
  return left.name.localeCompare(right.name);
}

/** The failure reason, when the payload carries one. */
export function toolServerError(server: ToolServer): string | null {
  return server.type === 'mcp' && server.status === 'failed' && server.error ? server.error : null;
}
