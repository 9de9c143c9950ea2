'use client';

import { useId } from 'react';
import type { AgentSetting } from '../../lib/protocol/agents';
import { selectAgentSettings, selectShownSettingValue } from '../../stores/agent-settings-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './composer.module.css';

/**
 * The active agent's on/off settings (ACP `boolean` config options), each a labelled checkbox
 * beside the model and mode pickers. A change goes to the agent at once; the box then shows
 * what the agent answered, and a refusal is said here.
 */
export function AgentSettingToggles() {
  const settings = useBatonStore(selectAgentSettings);
  const error = useBatonStore((state) => state.agentSettingError);
  const errorId = useId();
  if (settings.length === 0) return null;

  return (
    <fieldset className={styles.agentSettings} data-testid="agent-settings" aria-describedby={error ? errorId : undefined}>
      <legend className={styles.visuallyHidden}>Agent settings</legend>
      {settings.map((setting) => (
        <AgentSettingToggle key={setting.id} setting={setting} />
      ))}
      {error ? (
        <span id={errorId} className={styles.agentSettingError} role="alert" data-testid="agent-setting-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

function AgentSettingToggle({ setting }: { setting: AgentSetting }) {
  const checked = useBatonStore((state) => selectShownSettingValue(state, setting.id));
  const changing = useBatonStore((state) => state.pendingSetting !== null);
  const setAgentSetting = useBatonStore((state) => state.setAgentSetting);
  return (
    <label className={styles.agentSetting} title={setting.description} data-setting={setting.id}>
      <input
        type="checkbox"
        checked={checked}
        disabled={changing}
        onChange={(event) => void setAgentSetting(setting.id, event.target.checked)}
      />
      {setting.name}
    </label>
  );
}
