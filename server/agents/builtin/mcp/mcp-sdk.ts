/**
 * The MCP SDK, loaded when the first MCP server is started instead of at the relay's start-up: its
 * client and schemas cost about 11 MiB that a relay with no MCP server configured (or none started
 * yet) need not hold (issue 10, bench item 5). The relay is bundled with packages kept external, and
 * the bundler hoists every static import of a package to the top, so only this dynamic import
 * defers it; everything else names the SDK's types through type-only imports.
 */
import type * as McpClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type * as McpHttpModule from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as McpStdioModule from '@modelcontextprotocol/sdk/shared/stdio.js';
import type * as McpTypesModule from '@modelcontextprotocol/sdk/types.js';

export interface McpSdk {
  Client: typeof McpClientModule.Client;
  StreamableHTTPClientTransport: typeof McpHttpModule.StreamableHTTPClientTransport;
  ReadBuffer: typeof McpStdioModule.ReadBuffer;
  serializeMessage: typeof McpStdioModule.serializeMessage;
  McpError: typeof McpTypesModule.McpError;
  ErrorCode: typeof McpTypesModule.ErrorCode;
}

/** The SDK's newline-delimited JSON framing, all a stdio transport needs of it. */
export type McpStdioFraming = Pick<McpSdk, 'ReadBuffer' | 'serializeMessage'>;

let loading: Promise<McpSdk> | undefined;
let loaded: McpSdk | undefined;

export function loadMcpSdk(): Promise<McpSdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/shared/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([client, http, stdio, types]) => {
    loaded = {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      ReadBuffer: stdio.ReadBuffer,
      serializeMessage: stdio.serializeMessage,
      McpError: types.McpError,
      ErrorCode: types.ErrorCode,
    };
    return loaded;
  });
  return loading;
}

/**
 * The SDK if something loaded it already, else undefined: an error can only be the SDK's own
 * (an McpError) once the SDK is loaded, so a check for one needs no load of its own.
 */
export function loadedMcpSdk(): McpSdk | undefined {
  return loaded;
}
