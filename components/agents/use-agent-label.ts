import { useBatonStore } from '../baton-client/baton-store-context';

/** A configured agent's label as the relay describes it; its name while the relay has not said. */
export function useAgentLabel(name: string | undefined): string {
  return useBatonStore((state) => {
    if (name === undefined) return '';
    return state.agents.find((agent) => agent.name === name)?.label ?? name;
  });
}
