'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { ConnectionStatus } from './connection-status';

export function AppHeader() {
  const agent = useBatonStore((state) => state.agent);
  const model = useBatonStore((state) => state.selectedModel);

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
        <span className="app-header__agent">
          {agent.agentName}
          {model ? <span className="app-header__model"> · {model}</span> : null}
        </span>
      ) : null}
      <ConnectionStatus />
    </header>
  );
}
