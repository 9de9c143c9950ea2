/**
 * The models and modes an ACP session offers, as Baton's models and behaviours. Modes come from
 * `modes` (https://agentclientprotocol.com/protocol/session-modes) or a config option of category
 * `mode`; models from a config option of category `model`
 * (https://agentclientprotocol.com/protocol/session-config-options) or the older `models` field.
 * Config options of type `boolean` are the agent's on/off settings.
 */
import { z } from 'zod';
import type { AgentSetting } from '../../../lib/protocol/agents';
import { type AcpConfigOption, AcpConfigOptionSchema } from '../../../lib/protocol/acp/session-update';

const lenientList = <T extends z.ZodType>(item: T) => z.array(item.nullable().catch(null)).nullish().catch(undefined);

/** What `session/new`, `session/load` and `session/resume` answer about choices; read leniently. */
export const SessionChoicesResponseSchema = z.looseObject({
  modes: z
    .looseObject({ currentModeId: z.string(), availableModes: lenientList(z.looseObject({ id: z.string() })) })
    .nullish()
    .catch(undefined),
  models: z
    .looseObject({ currentModelId: z.string(), availableModels: lenientList(z.looseObject({ modelId: z.string() })) })
    .nullish()
    .catch(undefined),
  configOptions: lenientList(AcpConfigOptionSchema),
});

export interface Choice {
  current?: string;
  values: string[];
  /** How to set it: the config option's id, or the protocol's own method. */
  via: { configId: string } | 'set_mode' | 'set_model';
}

export class SessionChoices {
  modes: Choice | undefined;
  models: Choice | undefined;
  settings: AgentSetting[] = [];
  private modesFromMethod: Choice | undefined;
  private modelsFromMethod: Choice | undefined;

  static from(response: unknown): SessionChoices {
    const choices = new SessionChoices();
    const parsed = SessionChoicesResponseSchema.safeParse(response ?? {});
    if (!parsed.success) return choices;
    const { modes, models, configOptions } = parsed.data;
    if (modes) {
      const values = (modes.availableModes ?? []).flatMap((mode) => (mode ? [mode.id] : []));
      choices.modesFromMethod = { current: modes.currentModeId, values, via: 'set_mode' };
    }
    if (models) {
      const values = (models.availableModels ?? []).flatMap((model) => (model ? [model.modelId] : []));
      choices.modelsFromMethod = { current: models.currentModelId, values, via: 'set_model' };
    }
    choices.setConfigOptions((configOptions ?? []).flatMap((option) => (option ? [option] : [])));
    return choices;
  }

  /** The config options an answer carries (session/set_config_option answers with all of them). */
  static configOptionsOf(response: unknown): AcpConfigOption[] {
    const parsed = SessionChoicesResponseSchema.safeParse(response ?? {});
    return parsed.success ? (parsed.data.configOptions ?? []).flatMap((option) => (option ? [option] : [])) : [];
  }

  setConfigOptions(options: AcpConfigOption[]): void {
    // Session modes are the protocol's own method for modes, so they win; config options win for models.
    this.modes = this.modesFromMethod ?? choiceFrom(options, 'mode');
    this.models = choiceFrom(options, 'model') ?? this.modelsFromMethod;
    this.settings = options.flatMap((option) =>
      // A boolean option whose value is not a boolean cannot be shown as on or off: it is left out.
      option.type === 'boolean' && typeof option.currentValue === 'boolean'
        ? [
            {
              id: option.id,
              name: option.name || option.id,
              ...(option.description ? { description: option.description } : {}),
              value: option.currentValue,
            },
          ]
        : [],
    );
  }

  setCurrentMode(modeId: string): void {
    if (this.modesFromMethod) this.modesFromMethod.current = modeId;
    if (this.modes) this.modes.current = modeId;
  }
}

function choiceFrom(all: readonly AcpConfigOption[], category: 'mode' | 'model'): Choice | undefined {
  // A picker lists values: only `select` options (the schema's default type) have them; a `boolean` one is an on/off setting.
  const options = all.filter((candidate) => candidate.type === undefined || candidate.type === null || candidate.type === 'select');
  const option = options.find((candidate) => candidate.category === category) ?? options.find((candidate) => candidate.id === category);
  if (!option) return undefined;
  const values = (option.options ?? []).flatMap((entry) => {
    if (!entry) return [];
    if ('value' in entry && typeof entry.value === 'string') return [entry.value];
    const group = entry.options as ReadonlyArray<{ value: string }>;
    return group.map((inner) => inner.value);
  });
  return {
    ...(typeof option.currentValue === 'string' ? { current: option.currentValue } : {}),
    values,
    via: { configId: option.id },
  };
}
