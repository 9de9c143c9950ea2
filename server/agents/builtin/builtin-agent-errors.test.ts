import { describe, expect, it } from 'vitest';
import type { ModelScript } from '../../demo-model/scripted-reply';
import { say, scriptedSteps, useAgentFixture, useTool } from './testing/agent-support';
import { BuiltinAgentError } from './builtin-agent';
import { freePort } from './mcp/testing/mcp-support';
import { contentOutline, createRecordingTurn } from '../../hub/testing/recording-turn';

const fixture = useAgentFixture({ prefix: 'baton-errors-', defaults: () => ({ model: 'claude-haiku-4-5' }) });

async function failedTurn(script: ModelScript) {
  const agent = await fixture.agentWith(script);
  const recording = createRecordingTurn({ message: 'Hi', decide: () => 'approved' });
  const error = await agent.runTurn(recording.turn).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BuiltinAgentError);
  return { error: error as BuiltinAgentError, recording };
}

function answersError(status: number, type: string, message: string): ModelScript {
  return () => ({ error: { status, type, message } });
}

describe('a turn whose model request fails', () => {
  it.each([
    [401, 'authentication_error', 'model-key-refused', 'The model API refused the key (401). Check ANTHROPIC_API_KEY.'],
    [
      403,
      'permission_error',
      'model-access-denied',
      'The model API denied access (403): Your key has no access. Check that ANTHROPIC_API_KEY may use claude-haiku-4-5.',
    ],
    [429, 'rate_limit_error', 'model-rate-limited', 'Rate limited (429): wait a moment and try again.'],
    [529, 'overloaded_error', 'model-overloaded', 'The model API is overloaded (529): wait a moment and try again.'],
    [
      404,
      'not_found_error',
      'model-not-found',
      'The model API has no claude-haiku-4-5 (404): model: claude-haiku-4-5. Pick another model, or check BATON_MODEL and ANTHROPIC_BASE_URL.',
    ],
  ])('ends with what to do when the API answers %i', async (status, type, code, message) => {
    const said = status === 403 ? 'Your key has no access' : status === 404 ? 'model: claude-haiku-4-5' : 'No.';
    const { error } = await failedTurn(answersError(status, type, said));
    expect(error.message).toBe(message);
    expect(error.code).toBe(code);
    expect(error.cause).toMatchObject({ status });
  });

  it('says the API refused the request, with its reason, for any other error', async () => {
    const { error } = await failedTurn(answersError(400, 'invalid_request_error', 'prompt is too long'));
    expect(error.message).toBe('The model API refused the request (400): prompt is too long');
    expect(error.code).toBe('model-request-failed');
  });

  it('says the API failed, and to try again, for a server error', async () => {
    const { error } = await failedTurn(answersError(500, 'api_error', 'Internal server error'));
    expect(error.message).toBe('The model API failed (500): Internal server error. Try again in a moment.');
  });

  it('reports an overload that arrives mid-answer, after the text already shown', async () => {
    const { error, recording } = await failedTurn(() => ({
      blocks: [{ type: 'text', text: 'one two three' }],
      streamError: { afterDeltas: 2, type: 'overloaded_error', message: 'Overloaded' },
    }));
    expect(error.message).toBe('The model API is overloaded (529): wait a moment and try again.');
    expect(recording.contents.flatMap((content) => (content.type === 'text' ? [content.text] : []))).toEqual(['one ', 'two ']);
    // The request's input was spent all the same.
    expect(contentOutline(recording.contents).at(-1)).toBe('usage');
  });

  it('says the connection broke when the stream is cut mid-answer', async () => {
    const { error } = await failedTurn(() => ({ blocks: [{ type: 'text', text: 'one two three' }], breakConnectionAfterDeltas: 1 }));
    expect(error.code).toBe('model-connection-lost');
    expect(error.message).toBe('The connection to the model API broke off mid-answer. Try again.');
  });

  it('reports the tokens already spent before a later round fails', async () => {
    let requests = 0;
    const rounds = scriptedSteps(useTool('glob', { pattern: '*' }), say('unused'));
    const { error, recording } = await failedTurn((request) =>
      (requests += 1) === 1 ? rounds(request) : { error: { status: 429, type: 'rate_limit_error', message: 'Slow down' } },
    );
    expect(error.code).toBe('model-rate-limited');
    expect(contentOutline(recording.contents).at(-1)).toBe('usage');
  });

  it('says the model API cannot be reached when nothing listens at its address', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const error = await fixture
      .agentAt(url)
      .runTurn(createRecordingTurn({ message: 'Hi' }).turn)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(BuiltinAgentError);
    expect((error as BuiltinAgentError).code).toBe('model-unreachable');
    expect((error as Error).message).toBe(
      `Could not reach the model API at ${url} (connection refused). Check the network connection (and ANTHROPIC_BASE_URL, if set), then try again.`,
    );
  });
});
