'use client';

/** The whole client app: the store provider around the three-pane shell. */
import { BatonProvider } from '../baton-client/baton-provider';
import { AppShell } from './app-shell';
import { EmbedBridge } from '../embed/embed-bridge';

export function BatonApp() {
  return (
    <BatonProvider>
      <AppShell />
      <EmbedBridge />
    </BatonProvider>
  );
}
