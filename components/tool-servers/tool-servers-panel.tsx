'use client';

import { useMemo } from 'react';
import { activeAgentServers, selectActiveAgentName } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ToolServerItem } from './tool-server-item';
import styles from './tool-servers.module.css';

/**
 * The tool servers of the agent the composer talks to (its own tools and each MCP server) as
 * `tool/serverUpdated` reports them: another agent's servers are not this thread's tools.
 */
export function ToolServersPanel() {
  const allServers = useBatonStore((state) => state.toolServers);
  const activeAgent = useBatonStore(selectActiveAgentName);
  const servers = useMemo(() => activeAgentServers(allServers, activeAgent), [allServers, activeAgent]);
  const error = useBatonStore((state) => state.toolServersError);

  return (
    <section className={styles.panel} data-testid="tool-servers-panel" aria-label="Tool servers">
      {error ? (
        <p className={styles.panelError} role="alert">
          {error}
        </p>
      ) : null}
      {servers.length === 0 ? (
        <p className="pane__empty">The agent has reported no tool servers yet.</p>
      ) : (
        <ul className={styles.list}>
          {servers.map((server) => (
            <ToolServerItem key={`${server.baton?.agent ?? ''}/${server.name}`} server={server} />
          ))}
        </ul>
      )}
    </section>
  );
}
