'use client';

/** The whole client app: the store provider around the three-pane shell. */
import { BatonProvider } from '../baton-client/baton-provider';
import { AppShell } from './app-shell';
import { EmbedBridge } from '../embed/embed-bridge';
import { useOfflineWorker } from '../offline/use-offline-worker';

export function BatonApp() {
  useOfflineWorker();
  return (
    <BatonProvider>
      <AppShell />
      <EmbedBridge />
    </BatonProvider>
  );
}
