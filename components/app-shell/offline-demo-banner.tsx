'use client';

import { selectActiveAgent } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './app-header.module.css';

/**
 * Nobody should mistake the scripted demo model's answers for a real model's. A labelled section
 * (a region landmark), so that a screen reader lists it and nothing lies outside a landmark.
 */
export function OfflineDemoBanner() {
  // The active agent's word when agents are described; another agent than the demo's is no demo.
  const offlineDemo = useBatonStore((state) => selectActiveAgent(state)?.offlineDemo ?? state.agent?.offlineDemo ?? false);
  if (!offlineDemo) return null;

  return (
    <section className={styles.banner} data-testid="offline-demo-banner" aria-label="Offline demo">
      <span className={styles.bannerLong}>
        <strong>Offline demo.</strong> The chat talks to the offline demo model (no API key set): its answers are scripted, not written by a
        real model. Set an API key and restart Baton to use a real one.
      </span>
      <span className={styles.bannerShort}>
        <strong>Demo mode:</strong> scripted answers, no API key set.
      </span>
    </section>
  );
}
