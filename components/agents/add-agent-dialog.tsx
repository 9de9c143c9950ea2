'use client';

import { useEffect } from 'react';
import type { CatalogueAgent } from '../../lib/protocol/agent-catalogue';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ModalDialog } from '../modal-dialog/modal-dialog';
import styles from './agents.module.css';

/** One registry agent: what it is, whether it is installed, and its Install (or Update) button. */
function CatalogueRow({ agent }: { agent: CatalogueAgent }) {
  const install = useBatonStore((state) => state.agentInstalls[agent.id]);
  const installAgent = useBatonStore((state) => state.installAgent);
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
        {install?.status === 'failed' ? (
          <p role="alert" className={styles.catalogueError} data-testid="catalogue-install-error">
            {install.error}
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

/**
 * The ACP registry's agents, each installable with one click into Baton's own folder; an
 * installed agent is then offered with the others. Updates are offered here, never applied alone.
 */
export function AddAgentDialog({ onClose }: { onClose: () => void }) {
  const catalogue = useBatonStore((state) => state.agentCatalogue);
  const error = useBatonStore((state) => state.agentCatalogueError);
  const load = useBatonStore((state) => state.loadAgentCatalogue);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <ModalDialog className={styles.catalogueDialog} labelledBy="add-agent-title" testId="add-agent-dialog" onCancel={onClose}>
      <h3 id="add-agent-title">Add agent</h3>
      {catalogue?.source === 'snapshot' ? (
        <p className={styles.catalogueNote} data-testid="catalogue-snapshot">
          The agent registry could not be reached ({catalogue.registryProblem}); this is the list shipped with Baton.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={styles.catalogueError}>
          {error}
        </p>
      ) : null}
      {catalogue === null && !error ? <p aria-live="polite">Loading the agent registry…</p> : null}
      <ul className={styles.catalogueList} data-testid="catalogue-list">
        {catalogue?.agents.map((agent) => (
          <CatalogueRow key={agent.id} agent={agent} />
        ))}
      </ul>
      <div className={styles.catalogueButtons}>
        <button type="button" className="button" data-testid="close-add-agent" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
