import { describe, expect, it } from 'vitest';
import { argumentsUsage, bindArguments, parseCommandLine, splitArguments } from './command-line';

describe('parseCommandLine', () => {
  it('reads the name and the rest of a line that starts with a command', () => {
    expect(parseCommandLine('/costs')).toEqual({ name: 'costs', argumentsText: '' });
    expect(parseCommandLine('  /everything:args-prompt  Lisbon\nPortugal ')).toEqual({
      name: 'everything:args-prompt',
      argumentsText: 'Lisbon\nPortugal',
    });
  });

  it('leaves messages that do not start with a command name alone', () => {
    for (const message of ['costs', 'see /costs', '/', '/usr/bin is missing', '/a:b:c', '/:x']) {
      expect(parseCommandLine(message)).toBeUndefined();
    }
  });
});

describe('splitArguments', () => {
  it('splits on spaces and keeps quoted parts together', () => {
    expect(splitArguments(`one "two three" city='San Antonio' "" x`)).toEqual(['one', 'two three', 'city=San Antonio', '', 'x']);
    expect(splitArguments('   ')).toEqual([]);
  });
});

describe('bindArguments', () => {
  const declared = [
    { name: 'city', required: true },
    { name: 'state', required: false },
  ];

  it('takes values in the declared order, the last one taking the rest', () => {
    expect(bindArguments(declared, 'Lisbon')).toEqual({ values: { city: 'Lisbon' }, missing: [], rest: '' });
    expect(bindArguments(declared, 'Lisbon the Portuguese coast')).toMatchObject({
      values: { city: 'Lisbon', state: 'the Portuguese coast' },
    });
  });

  it('takes name=value for a declared name, in any order, and fills the others in order', () => {
    expect(bindArguments(declared, 'state=Texas "San Antonio"').values).toEqual({ city: 'San Antonio', state: 'Texas' });
    // An unknown name is just a value.
    expect(bindArguments(declared, 'x=1').values).toEqual({ city: 'x=1' });
  });

  it('names the required arguments without a value', () => {
    expect(bindArguments(declared, 'state=Texas').missing).toEqual(['city']);
  });

  it('keeps the text for a prompt that declares no arguments', () => {
    expect(bindArguments([], 'be brief')).toEqual({ values: {}, missing: [], rest: 'be brief' });
  });
});

describe('argumentsUsage', () => {
  it('says how to write the arguments, optional ones in brackets', () => {
    expect(argumentsUsage([])).toBe('');
    expect(
      argumentsUsage([
        { name: 'city', required: true },
        { name: 'state', required: false },
      ]),
    ).toBe('Arguments: name=value, or values in the order city [state] (the last takes the rest; quote a value with spaces).');
  });
});
