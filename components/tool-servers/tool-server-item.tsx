'use client';

import { useState } from 'react';
import { toolServerError, type ToolServer } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { Disclosure } from '../disclosure/disclosure';
import { toolServerAction, toolServerStatusLabel } from './tool-server-status';
import styles from './tool-servers.module.css';

/**
 * One tool server: its state, why it failed, its tools, and Stop or Start for an MCP server. A
 * button stays locked after a press until the relay reports the server in another state.
 */
export function ToolServerItem({ server }: { server: ToolServer }) {
  const stopToolServer = useBatonStore((state) => state.stopToolServer);
  const startToolServer = useBatonStore((state) => state.startToolServer);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const [pressedWhile, setPressedWhile] = useState<ToolServer['status'] | null>(null);
  const tools = server.tools ?? [];
  const error = toolServerError(server);
  const action = server.type === 'mcp' ? toolServerAction(server.status) : null;

  function press() {
    setPressedWhile(server.status);
    if (action === 'stop') stopToolServer(server);
    else startToolServer(server);
  }

  return (
    <li className={styles.server} data-testid="tool-server" data-status={server.status} data-server-name={server.name}>
      <div className={styles.header}>
        {/* The relay's native server is Baton's own tools; its wire name, 'ECA', is the protocol's. */}
        <span className={styles.name} data-testid="tool-server-name">
          {server.type === 'native' ? "Baton's built-in tools" : server.name}
        </span>{' '}
        <span className={styles.status}>{toolServerStatusLabel(server.status)}</span>
      </div>
      {server.type === 'native' ? null : (
        <>
          {'\n'}
          <div className={styles.origin}>
            <code title="Command">{[server.command, ...server.args].join(' ')}</code>
          </div>
        </>
      )}
      {error ? (
        <p className={styles.error} data-testid="tool-server-error">
          {error}
        </p>
      ) : null}
      {'\n'}
      {tools.length > 0 ? (
        <Disclosure className={styles.tools} summary={`${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}`}>
          <ul className={styles.toolList}>
            {tools.map((tool) => (
              <li key={tool.name} title={tool.description} className={tool.disabled ? styles.disabledTool : undefined}>
                <code>{tool.name}</code>
                {tool.disabled ? ' (disabled)' : null}
              </li>
            ))}
          </ul>
        </Disclosure>
      ) : (
        <span className={styles.tools}>No tools</span>
      )}
      {action ? (
        <button
          type="button"
          className={action === 'stop' ? 'button button--danger' : 'button'}
          data-testid={action === 'stop' ? 'stop-server' : 'start-server'}
          disabled={!connected || pressedWhile === server.status}
          onClick={press}
        >
          {action === 'stop' ? 'Stop' : 'Start'}
        </button>
      ) : null}
    </li>
  );
}
