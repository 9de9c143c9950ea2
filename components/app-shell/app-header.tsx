'use client';

import { selectActiveAgent, selectPromptModel } from '../../stores/active-agent';
import { HandOverPicker } from '../agents/hand-over-picker';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ConnectionStatus } from './connection-status';
import { OpenInNewTab } from '../embed/open-in-new-tab';

export function AppHeader() {
  const agent = useBatonStore((state) => state.agent);
  const model = useBatonStore(selectPromptModel);
  const activeAgent = useBatonStore(selectActiveAgent);

  return (
    <header className="app-header">
      <h1 className="app-header__title">Baton</h1>
      {agent ? (
        <span className="app-header__workspace" title="Workspace">
          {agent.workspaceName}
        </span>
      ) : null}
      <span className="app-header__spacer" />
      {agent ? (
        <span className="app-header__agent" data-testid="active-agent">
          {activeAgent?.label ?? agent.agentName}
          {model ? <span className="app-header__model"> · {model}</span> : null}
        </span>
      ) : null}
      <HandOverPicker />
      <OpenInNewTab />
      <ConnectionStatus />
    </header>
  );
}
