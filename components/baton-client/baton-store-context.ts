/** The per-provider store, reached from any component below `BatonProvider`. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { BatonState, BatonStore } from '../../stores/baton-store';

export const BatonStoreContext = createContext<BatonStore | null>(null);

export function useBatonStore<Selected>(selector: (state: BatonState) => Selected): Selected {
  const store = useContext(BatonStoreContext);
  if (!store) throw new Error('useBatonStore must be used inside <BatonProvider>');
  return useStore(store, selector);
}
