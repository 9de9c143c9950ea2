'use client';

import { useId } from 'react';
import { selectAgentSettings } from '../../stores/agent-settings-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './composer.module.css';

/**
 * The active agent's on/off settings (ACP `boolean` config options), each a labelled checkbox
 * beside the model and mode pickers. A change goes to the agent at once; the box then shows
 * what the agent answered, and a refusal is said here.
 */
export function AgentSettingToggles() {
  const settings = useBatonStore(selectAgentSettings);
  const pending = useBatonStore((state) => state.pendingSetting);
  const error = useBatonStore((state) => state.agentSettingError);
  const setAgentSetting = useBatonStore((state) => state.setAgentSetting);
  const errorId = useId();
  if (settings.length === 0) return null;

  return (
    <fieldset className={styles.agentSettings} data-testid="agent-settings" aria-describedby={error ? errorId : undefined}>
      <legend className={styles.visuallyHidden}>Agent settings</legend>
      {settings.map((setting) => (
        <label key={setting.id} className={styles.agentSetting} title={setting.description} data-setting={setting.id}>
          <input
            type="checkbox"
            checked={setting.value}
            disabled={pending !== null}
            onChange={(event) => void setAgentSetting(setting.id, event.target.checked)}
          />
          {setting.name}
        </label>
      ))}
      {error ? (
        <span id={errorId} className={styles.agentSettingError} role="alert" data-testid="agent-setting-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
