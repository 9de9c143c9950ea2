'use client';

import type { AgentsInstallProgress, CatalogueAgent } from '../../lib/protocol/agent-catalogue';
import { useBatonStore } from '../baton-client/baton-store-context';
import { AgentSupportSummary } from './agent-support-summary';
import styles from './agents.module.css';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function progressText(progress: AgentsInstallProgress | undefined): string {
  if (!progress) return 'Starting the install…';
  if (progress.stage === 'unpacking') return 'Unpacking…';
  if (progress.stage === 'installing') return `${progress.installer ?? 'The package manager'} is installing…`;
  const received = progress.receivedBytes ?? 0;
  return progress.totalBytes ? `Downloading: ${size(received)} of ${size(progress.totalBytes)}` : `Downloading: ${size(received)}`;
}

/** One registry agent: what it is, whether it is installed, and its Install (or Update) button. */
export function CatalogueRow({ agent }: { agent: CatalogueAgent }) {
  const install = useBatonStore((state) => state.agentInstalls[agent.id]);
  const installAgent = useBatonStore((state) => state.installAgent);
  // The configured agent of that name, once installed: what it said of itself when it started.
  const support = useBatonStore((state) => state.agents.find((configured) => configured.name === agent.id)?.support);
  const installing = install?.status === 'installing';
  const current = agent.installedVersion === agent.version;
  const blocked = agent.configuredByHand || agent.installable.length === 0;
  const action = agent.updateOffered ? `Update to ${agent.version}` : 'Install';
  return (
    <li className={styles.catalogueRow} data-testid="catalogue-agent" data-agent-id={agent.id}>
      <div className={styles.catalogueText}>
        <strong>{agent.name}</strong> <span className={styles.catalogueVersion}>{agent.version}</span>
        {agent.description ? <p className={styles.catalogueDescription}>{agent.description}</p> : null}
        {agent.configuredByHand ? <p className={styles.catalogueNote}>An agent named “{agent.id}” is in config.json already.</p> : null}
        {agent.installable.length === 0 ? <p className={styles.catalogueNote}>Nothing to install on this machine.</p> : null}
        {agent.updateOffered ? <p className={styles.catalogueNote}>Installed: {agent.installedVersion}</p> : null}
        {install?.status === 'installing' ? (
          <p className={styles.catalogueNote} aria-live="polite" data-testid="catalogue-install-progress">
            {progressText(install.progress)}
          </p>
        ) : null}
        {install?.status === 'failed' ? (
          <p role="alert" className={styles.catalogueError} data-testid="catalogue-install-error">
            {install.error}
          </p>
        ) : null}
        {agent.installedVersion && support ? <AgentSupportSummary support={support} /> : null}
        {agent.installedVersion && !support ? (
          <p className={styles.catalogueNote} data-testid="agent-support-pending">
            What it supports is shown here once it has started.
          </p>
        ) : null}
      </div>
      {current ? (
        <span className={styles.catalogueNote} data-testid="catalogue-installed">
          Installed
        </span>
      ) : (
        <button
          type="button"
          className="button"
          data-testid="catalogue-install"
          disabled={installing || blocked}
          onClick={() => void installAgent(agent.id)}
        >
          {installing ? 'Installing…' : action}
        </button>
      )}
    </li>
  );
}
