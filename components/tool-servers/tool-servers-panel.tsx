'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { ToolServerItem } from './tool-server-item';

/** The agent's tool servers (its own tools and each MCP server) as `tool/serverUpdated` reports them. */
export function ToolServersPanel() {
  const servers = useBatonStore((state) => state.toolServers);
  const error = useBatonStore((state) => state.toolServersError);

  return (
    <section className="tool-servers-panel" data-testid="tool-servers-panel" aria-label="Tool servers">
      {error ? (
        <p className="tool-servers-panel__error" role="alert">
          {error}
        </p>
      ) : null}
      {servers.length === 0 ? (
        <p className="pane__empty">The agent has reported no tool servers yet.</p>
      ) : (
        <ul className="tool-server-list">
          {servers.map((server) => (
            <ToolServerItem key={server.name} server={server} />
          ))}
        </ul>
      )}
    </section>
  );
}
