/** "Add agent" in the store: the list, an install's progress, its failure told as the relay said it. */
import { expect, it } from 'vitest';
import type { CatalogueAgent } from '../lib/protocol/agent-catalogue';
import { createBatonStore } from './baton-store';
import { FakeBatonRpc } from './testing/fake-baton-rpc';

const agent = (id: string, installedVersion?: string): CatalogueAgent => ({
  id,
  name: id,
  version: '1.0.0',
  description: '',
  installable: ['npx'],
  ...(installedVersion ? { installedVersion } : {}),
  updateOffered: false,
  configuredByHand: false,
});

it("installs an agent, then lists it as installed; a failed install keeps the relay's reason", async () => {
  let installed = false;
  const rpc = new FakeBatonRpc({
    'agents/catalogue': () => ({ agents: [agent('good', installed ? '1.0.0' : undefined), agent('bad')], source: 'registry' as const }),
    'agents/install': ({ id }) => {
      if (id === 'bad') throw new Error('uv is not installed');
      installed = true;
      return { id, version: '1.0.0', distribution: 'npx' as const, installed: true };
    },
  });
  const store = createBatonStore(rpc);
  await store.getState().loadAgentCatalogue();
  expect(store.getState().agentCatalogue?.agents.map((entry) => entry.installedVersion)).toEqual([undefined, undefined]);

  const installing = store.getState().installAgent('good');
  expect(store.getState().agentInstalls.good).toEqual({ status: 'installing' });
  await installing;
  expect(store.getState().agentInstalls.good).toEqual({ status: 'done', version: '1.0.0' });
  expect(store.getState().agentCatalogue?.agents[0]?.installedVersion).toBe('1.0.0');

  await store.getState().installAgent('bad');
  expect(store.getState().agentInstalls.bad).toEqual({ status: 'failed', error: 'uv is not installed' });
});

it("shows an install's progress while it runs, and not after its answer", async () => {
  let finish: () => void = () => undefined;
  const rpc = new FakeBatonRpc({
    'agents/catalogue': () => ({ agents: [agent('slow')], source: 'registry' as const }),
    'agents/install': ({ id }) =>
      new Promise((resolve) => {
        finish = () => resolve({ id, version: '1.0.0', distribution: 'binary' as const, installed: true });
      }),
  });
  const store = createBatonStore(rpc);
  const installing = store.getState().installAgent('slow');
  store.getState().receiveAgentInstallProgress({ id: 'slow', stage: 'downloading', receivedBytes: 10, totalBytes: 40 });
  expect(store.getState().agentInstalls.slow).toEqual({
    status: 'installing',
    progress: { id: 'slow', stage: 'downloading', receivedBytes: 10, totalBytes: 40 },
  });
  store.getState().receiveAgentInstallProgress({ id: 'other', stage: 'unpacking' });
  expect(store.getState().agentInstalls.other).toBeUndefined();
  finish();
  await installing;
  store.getState().receiveAgentInstallProgress({ id: 'slow', stage: 'unpacking' });
  expect(store.getState().agentInstalls.slow).toEqual({ status: 'done', version: '1.0.0' });
});
