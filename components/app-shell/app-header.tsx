'use client';

import { selectActiveAgent, selectPromptModel } from '../../stores/active-agent';
import { HandOverPicker } from '../agents/hand-over-picker';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ThemeSwitch } from '../theme/theme-switch';
import styles from './app-header.module.css';
import { ConnectionStatus } from './connection-status';
import { OpenInNewTab } from '../embed/open-in-new-tab';
import { InboxButton } from '../inbox/inbox-button';
import { DevicesButton } from '../devices/devices-button';

export function AppHeader() {
  const agent = useBatonStore((state) => state.agent);
  const model = useBatonStore(selectPromptModel);
  const activeAgent = useBatonStore(selectActiveAgent);

  return (
    <header className={styles.header}>
      <h1 className={styles.title}>Baton</h1>
      {agent ? (
        <span className={styles.workspace} title="Workspace">
          {agent.workspaceName}
        </span>
      ) : null}
      <span className={styles.spacer} />
      {agent ? (
        <span className={styles.agent} data-testid="active-agent">
          {activeAgent?.label ?? agent.agentName}
          {model ? <span> · {model}</span> : null}
        </span>
      ) : null}
      <InboxButton />
      <HandOverPicker />
      <ThemeSwitch />
      <DevicesButton className={styles.devices} />
      <OpenInNewTab />
      <ConnectionStatus />
    </header>
  );
}
