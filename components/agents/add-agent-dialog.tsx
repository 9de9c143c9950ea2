'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ModalDialog } from '../modal-dialog/modal-dialog';
import styles from './agents.module.css';
import { CatalogueRow } from './catalogue-row';

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
