import { describe, expect, it } from 'vitest';
import { SessionChoices } from './acp-session-choices';

describe('ACP session choices from config options', () => {
  it('takes the model and mode pickers from select options, never from a boolean one', () => {
    const choices = SessionChoices.from({
      configOptions: [
        // A boolean option listed first, in the model category: an on/off setting, not a picker.
        { id: 'fast', name: 'Fast mode', category: 'model', type: 'boolean', currentValue: true },
        { id: 'mode', name: 'Mode', category: 'mode', type: 'boolean', currentValue: false },
        {
          id: 'model',
          name: 'Model',
          category: 'model',
          type: 'select',
          currentValue: 'small',
          options: [
            { value: 'small', name: 'Small' },
            { group: 'more', name: 'More', options: [{ value: 'large', name: 'Large' }] },
          ],
        },
      ],
    });
    expect(choices.models).toEqual({ current: 'small', values: ['small', 'large'], via: { configId: 'model' } });
    expect(choices.modes).toBeUndefined();
  });

  it('takes the boolean options as on/off settings, leaving out one whose value is no boolean', () => {
    const choices = SessionChoices.from({
      configOptions: [
        { id: 'fast', name: 'Fast mode', description: 'Answers sooner', category: 'model', type: 'boolean', currentValue: true },
        { id: 'web', name: 'Web search', type: 'boolean', currentValue: false },
        { id: 'broken', name: 'Broken', type: 'boolean', currentValue: 'yes' },
        { id: 'model', name: 'Model', category: 'model', type: 'select', currentValue: 'small', options: [{ value: 'small' }] },
      ],
    });
    expect(choices.settings).toEqual([
      { id: 'fast', name: 'Fast mode', description: 'Answers sooner', value: true },
      { id: 'web', name: 'Web search', value: false },
    ]);
  });
});
