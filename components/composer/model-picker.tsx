'use client';

import { selectOfferedModels, selectPromptModel } from '../../stores/active-agent';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './composer.module.css';

/** The models the active agent offers; the chosen one goes with each prompt. */
export function ModelPicker() {
  const models = useBatonStore(selectOfferedModels);
  const selectedModel = useBatonStore(selectPromptModel);
  const selectModel = useBatonStore((state) => state.selectModel);
  if (!models || models.length === 0) return null;
  // A model the relay imposed may be missing from the list it sent.
  const choices = selectedModel && !models.includes(selectedModel) ? [selectedModel, ...models] : models;

  return (
    <select
      className={styles.select}
      data-testid="model-picker"
      aria-label="Model"
      value={selectedModel ?? ''}
      onChange={(event) => selectModel(event.target.value)}
    >
      {choices.map((model) => (
        <option key={model} value={model}>
          {model}
        </option>
      ))}
    </select>
  );
}
