import { describe, expect, it } from 'vitest';
import { splitTurnFailure } from './turn-failure-text';

describe('splitTurnFailure', () => {
  it('leaves an answer without a failure whole', () => {
    expect(splitTurnFailure('All **done**.')).toEqual({ answer: 'All **done**.' });
  });

  it('takes the relay’s failure text off the end of the answer, with its reason', () => {
    expect(splitTurnFailure('Half an answer\n\n**The turn failed:** 529 overloaded')).toEqual({
      answer: 'Half an answer',
      failure: { kind: 'failed', reason: '529 overloaded' },
    });
  });

  it('reads an interruption, alone in its message, and keeps what followed it in the reason', () => {
    expect(splitTurnFailure('\n\n**The turn was interrupted:** The agent went away.\n\n_Restart it from the tools panel._')).toEqual({
      answer: '',
      failure: { kind: 'interrupted', reason: 'The agent went away.\n\n_Restart it from the tools panel._' },
    });
  });
});
