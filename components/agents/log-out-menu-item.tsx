'use client';

import { selectActiveAgentName } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import { MenuItem } from '../action-menu/action-menu';
import { useAgentLabel } from './use-agent-label';

/** "Log out of …" in the thread's menu, for an agent that advertises ACP `logout`. */
export function LogOutMenuItem({ choose }: { choose: (action: () => void) => () => void }) {
  const agent = useBatonStore(selectActiveAgentName);
  const canLogOut = useBatonStore((state) => (agent !== null ? state.agentLogins[agent]?.canLogOut === true : false));
  const logOut = useBatonStore((state) => state.logOut);
  const label = useAgentLabel(agent ?? undefined);
  if (agent === null || !canLogOut) return null;
  return (
    <MenuItem testId="log-out-agent" onSelect={choose(() => void logOut(agent))}>
      Log out of {label}
    </MenuItem>
  );
}
