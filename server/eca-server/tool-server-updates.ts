/**
 * `tool/serverUpdated` as v2 defines it (specs/eca-protocol-v2.md, "Tool updated"). The MCP
 * manager adds Baton's `error` (why a server failed), which v2 has no field for: it is left out,
 * and the editor hears the reason the ECA way instead, as an error `$/showMessage`.
 */
import type { EcaProtocol } from '../../lib/protocol/eca/eca-protocol';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import type { RpcConnection } from '../../lib/rpc/rpc-connection';

export function announceToolServer(connection: RpcConnection<EcaProtocol>, update: ToolServerUpdatedParams): void {
  if (update.type === 'native') {
    connection.notify('tool/serverUpdated', update);
    return;
  }
  const { error, ...server } = update;
  connection.notify('tool/serverUpdated', server);
  if (server.status === 'failed') {
    connection.notify('$/showMessage', {
      type: 'error',
      message: `The MCP server ${server.name} failed${error ? `: ${error}` : '.'}`,
    });
  }
}
