'use client';

import { type ReactNode, useState } from 'react';
import { activeAgentServers, selectActiveAgentName } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import { FilePanel } from '../files/file-panel';
import { ToolServersPanel } from '../tool-servers/tool-servers-panel';
import styles from './side-panel.module.css';

type Tab = 'files' | 'tools';

/** The panel's id, which its splitter names as what it resizes. */
export const SIDE_PANEL_ID = 'side-panel';

/**
 * The right pane: the workspace's files, or the agent's tool servers. `edge`: its draggable left
 * edge on a wide page (side-panel-splitter.tsx), inside the panel's landmark like the rest of it.
 */
export function SidePanel({ edge }: { edge?: ReactNode }) {
  const [tab, setTab] = useState<Tab>('files');
  const failedServers = useBatonStore(
    (state) => activeAgentServers(state.toolServers, selectActiveAgentName(state)).filter((server) => server.status === 'failed').length,
  );

  return (
    <aside id={SIDE_PANEL_ID} className={`pane ${styles.panel}`} aria-label="Workspace">
      {edge}
      <div className={styles.tabs} role="tablist">
        <button
          type="button"
          role="tab"
          className={styles.tab}
          data-testid="side-tab-files"
          aria-selected={tab === 'files'}
          onClick={() => setTab('files')}
        >
          Files
        </button>
        <button
          type="button"
          role="tab"
          className={styles.tab}
          data-testid="side-tab-tools"
          aria-selected={tab === 'tools'}
          onClick={() => setTab('tools')}
        >
          Tools
          {failedServers > 0 ? (
            <span className={styles.badge} title={`${failedServers} failed`}>
              {' '}
              {failedServers}
            </span>
          ) : null}
        </button>
      </div>
      {tab === 'files' ? <FilePanel /> : <ToolServersPanel />}
    </aside>
  );
}
