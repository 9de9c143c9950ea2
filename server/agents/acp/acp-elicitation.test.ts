/**
 * ACP `elicitation/create` and `elicitation/complete` with the fake ACP agent as a real child
 * process: a form's card, its answer checked against the form (a bad one refused, the question
 * still waiting), decline, a link the user opens and the agent completes, a link the agent
 * completes before anyone opens it, a question the agent withdraws, Stop, and a form Baton
 * cannot draw. The agent says what it received, so each test reads what the user would.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ElicitationEntry, ElicitationValues } from '../../../lib/protocol/elicitation';
import { RelayError } from '../../../lib/rpc/relay-error';
import type { ElicitationQuestion } from '../agent-backend';
import type { PendingElicitations } from '../../hub/pending-elicitations';
import { createRecordingTurn, type RecordingTurn } from '../../hub/testing/recording-turn';
import { type AcpHarness, startAcpHarness } from './testing/acp-support';

let harness: AcpHarness | undefined;
afterEach(async () => {
  await harness?.cleanUp();
  harness = undefined;
});

function said(recording: RecordingTurn): string {
  return recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('');
}

function card(recording: RecordingTurn): ElicitationEntry | undefined {
  return recording.entries().find((entry): entry is ElicitationEntry => entry.type === 'elicitation');
}

/** A turn whose questions `answer` handles, once each is on its card. */
function answering(message: string, answer: (question: ElicitationQuestion, pending: PendingElicitations) => Promise<void>) {
  let answered: Promise<void> = Promise.resolve();
  const recording = createRecordingTurn({
    message,
    onQuestion: (question, pending) => {
      answered = answer(question, pending);
    },
  });
  return { recording, answered: () => answered };
}

describe('ACP elicitation', () => {
  it('shows a form, refuses an answer that does not fit it, and sends the good one', async () => {
    harness = await startAcpHarness();
    const refusals: string[] = [];
    const { recording, answered } = answering('please elicit-form', async (question, pending) => {
      expect(question).toMatchObject({ mode: 'form', message: 'Tell me about your order' });
      expect(Object.keys(question.requestedSchema?.properties ?? {})).toEqual(['name', 'count', 'colour', 'gift']);
      const bads: ElicitationValues[] = [
        { count: 11 },
        { name: 'Ada', count: 2.5 },
        { name: 'Ada', count: 2, colour: 'pink' },
        { name: 'Ada', count: 2, extra: 'x' },
      ];
      for (const bad of bads) {
        const refused = await pending.answer(question.id, 'accept', bad).then(
          () => 'accepted',
          (error: unknown) => (error instanceof RelayError ? `${error.code}: ${error.message}` : String(error)),
        );
        refusals.push(refused);
      }
      await pending.answer(question.id, 'accept', { name: 'Ada', count: 3, colour: 'green', gift: true });
    });
    await harness.agent.runTurn(recording.turn);
    await answered();
    expect(refusals).toEqual([
      'invalid-elicitation-answer: The answer does not fit the form: "Your name" is required; "How many" must be at most 10.',
      'invalid-elicitation-answer: The answer does not fit the form: "How many" must be a whole number.',
      'invalid-elicitation-answer: The answer does not fit the form: "Colour" must be one of "red", "green", "blue".',
      'invalid-elicitation-answer: The answer does not fit the form: "extra" is not a field of this form.',
    ]);
    expect(said(recording)).toContain('Form answer: accept {"name":"Ada","count":3,"colour":"green","gift":true}');
    expect(card(recording)).toMatchObject({ status: 'accepted', content: { name: 'Ada', count: 3, colour: 'green', gift: true } });
  });

  it('sends a decline, and refuses values with it', async () => {
    harness = await startAcpHarness();
    let refused = '';
    const { recording, answered } = answering('please elicit-form', async (question, pending) => {
      refused = await pending.answer(question.id, 'decline', { name: 'Ada' }).then(
        () => 'sent',
        (error: Error) => error.message,
      );
      await pending.answer(question.id, 'decline', undefined);
    });
    await harness.agent.runTurn(recording.turn);
    await answered();
    expect(refused).toBe('Only an accepted answer carries values; a decline carries none.');
    expect(said(recording)).toContain('Form answer: decline');
    expect(card(recording)?.status).toBe('declined');
  });

  it('opens a link: the user accepts, the agent completes it, and the card ends completed', async () => {
    harness = await startAcpHarness();
    let completed: () => void = () => undefined;
    const cardCompleted = new Promise<void>((resolve) => (completed = resolve));
    const recording = createRecordingTurn({
      message: 'please elicit-url',
      onQuestion: (question, pending) => {
        expect(question).toMatchObject({
          mode: 'url',
          url: 'https://example.com/device?code=FAKE-1234',
          message: 'Sign in to the fake service',
        });
        void pending.answer(question.id, 'accept', undefined);
      },
      onContent: (content) => {
        if (content.type === 'elicitationAnswered' && content.outcome === 'completed') completed();
      },
    });
    await harness.agent.runTurn(recording.turn);
    expect(said(recording)).toContain('URL answer: accept');
    // The agent's elicitation/complete, sent once the user opened the link, ends the card.
    await cardCompleted;
    expect(card(recording)?.status).toBe('completed');
  });

  it('ends a link card the agent completes before it is opened, and answers it cancel', async () => {
    harness = await startAcpHarness();
    const recording = createRecordingTurn({ message: 'please elicit-url' });
    const running = harness.agent.runTurn(recording.turn);
    const [, pid] = await harness.waitForLog(/fake-acp: url question \S+ \(pid (\d+)\)/);
    process.kill(Number(pid), 'SIGUSR2');
    await running;
    expect(card(recording)?.status).toBe('completed');
    expect(said(recording)).toContain('URL answer: cancel');
  });

  it('ends the card of a question the agent withdraws, and answers it cancel', async () => {
    harness = await startAcpHarness();
    let shown: () => void = () => undefined;
    const cardUp = new Promise<void>((resolve) => (shown = resolve));
    const recording = createRecordingTurn({ message: 'please elicit-gone', onQuestion: () => shown() });
    const running = harness.agent.runTurn(recording.turn);
    const [, pid] = await harness.waitForLog(/fake-acp: asking a question \(pid (\d+)\)/);
    // The card is up before the agent withdraws it.
    await cardUp;
    process.kill(Number(pid), 'SIGUSR2');
    await running;
    expect(card(recording)?.status).toBe('withdrawn');
    expect(said(recording)).toContain('Withdrawn question answered: cancel');
  });

  it('Stop answers a waiting question cancel and ends the turn', async () => {
    harness = await startAcpHarness();
    let stopped = 0;
    const recording = createRecordingTurn({
      message: 'please elicit-form',
      onQuestion: () => {
        stopped = performance.now();
        recording.stop();
      },
    });
    await harness.agent.runTurn(recording.turn);
    const took = performance.now() - stopped;
    await harness.waitForLog(/fake-acp: form answered \{"action":"cancel"\}/);
    expect(card(recording)?.status).toBe('stopped');
    expect(took).toBeLessThan(1000);
  });

  it('refuses a form with a field it cannot draw, with why', async () => {
    harness = await startAcpHarness();
    const recording = createRecordingTurn({ message: 'please elicit-bad' });
    await harness.agent.runTurn(recording.turn);
    expect(said(recording)).toMatch(/Bad form refused: .*Baton cannot show field \\?"tags\\?" \(type \\?"array\\?"\)/);
    expect(card(recording)).toBeUndefined();
  });
});
