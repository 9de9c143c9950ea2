'use client';

import { useState } from 'react';
import { toolServerError, type ToolServer } from '../../stores/baton-store';
import { useBatonStore } from '../baton-client/baton-store-context';
import { Disclosure } from '../disclosure/disclosure';
import { toolServerAction, toolServerStatusLabel } from './tool-server-status';

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
    <li className={`tool-server tool-server--${server.status}`} data-testid="tool-server" data-status={server.status} data-server-name={server.name}>
      <div className="tool-server__header">
        <span className="tool-server__name">{server.name}</span>{' '}
        <span className={`tool-server__status tool-server__status--${server.status}`}>{toolServerStatusLabel(server.status)}</span>
      </div>
      {'\n'}
      <div className="tool-server__origin">
        {server.type === 'native' ? 'Built-in tools' : <code title="Command">{[server.command, ...server.args].join(' ')}</code>}
      </div>
      {error ? (
        <p className="tool-server__error" data-testid="tool-server-error">
          {error}
        </p>
      ) : null}
      {'\n'}
      {tools.length > 0 ? (
        <Disclosure className="tool-server__tools" summary={`${tools.length} ${tools.length === 1 ? 'tool' : 'tools'}`}>
          <ul className="tool-server__tool-list">
            {tools.map((tool) => (
              <li key={tool.name} title={tool.description} className={tool.disabled ? 'tool-server__tool--disabled' : undefined}>
                <code>{tool.name}</code>
                {tool.disabled ? ' (disabled)' : null}
              </li>
            ))}
          </ul>
        </Disclosure>
      ) : (
        <span className="tool-server__tools">No tools</span>
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
