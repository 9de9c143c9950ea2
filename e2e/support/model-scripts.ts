/** Scripts for the scripted Anthropic-compatible server, one per behaviour a test needs. */
import { createGate, type Gate } from '../../server/demo-model/testing/gate';
import type { MessagesRequest } from '../../server/demo-model/messages-request';
import type { ModelScript } from '../../server/demo-model/scripted-reply';

export const MARKDOWN_ANSWER = 'Here is **bold news** for you:\n\n- first point\n- second point\n\nThat is all.';

/** Streams a Markdown answer and holds it after a few words until the test opens the gate. */
export function heldAnswerScript(): { script: ModelScript; gate: Gate } {
  const gate = createGate();
  return {
    gate,
    script: () => ({
      blocks: [{ type: 'text', text: MARKDOWN_ANSWER }],
      beforeDelta: (index) => (index === 4 ? gate.promise : undefined),
    }),
  };
}

/** Answers every prompt at once with a short text echoing it. */
export const echoScript: ModelScript = (request) => ({
  blocks: [{ type: 'text', text: `You said: ${lastUserText(request)}` }],
});

function lastUserText(request: MessagesRequest): string {
  const last = request.messages.at(-1);
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content.map((block) => ('text' in block && typeof block.text === 'string' ? block.text : '')).join('');
}
