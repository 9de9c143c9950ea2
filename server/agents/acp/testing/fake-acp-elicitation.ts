/**
 * The fake ACP agent's questions to the user (`elicitation/create`), each only when the client
 * advertised that mode in `initialize`; each says on stderr what it asked and what it got, and
 * the answer is told back as the agent's text, so a test reads what the user would see:
 * - "elicit-form"  a form with a text, a whole number, a choice and a yes/no field; says `Form answer: <action> <values>`
 * - "elicit-url"   a link to open (FAKE_ACP_ELICIT_URL, or an https default); once the user opens it,
 *                  or on SIGUSR2 before, it reports the question done (`elicitation/complete`); says `URL answer: <action>`
 * - "elicit-gone"  a form it withdraws on SIGUSR2 (`$/cancel_request`); says `Withdrawn question answered: <action>`
 * - "elicit-bad"   a form with a field type no client draws (a list); says `Bad form refused: <error>`
 */
import type { AgentSideConnection, ClientCapabilities, CreateElicitationResponse } from '@agentclientprotocol/sdk';

type Say = (text: string) => Promise<void>;

export const FAKE_FORM = {
  type: 'object' as const,
  title: 'Order',
  properties: {
    name: { type: 'string' as const, title: 'Your name', minLength: 1, maxLength: 40 },
    count: { type: 'integer' as const, title: 'How many', minimum: 1, maximum: 10 },
    colour: {
      type: 'string' as const,
      title: 'Colour',
      oneOf: [
        { const: 'red', title: 'Red' },
        { const: 'green', title: 'Green' },
        { const: 'blue', title: 'Blue' },
      ],
    },
    gift: { type: 'boolean' as const, title: 'Gift wrap', default: false },
  },
  required: ['name', 'count'],
};

const describeAnswer = (answer: CreateElicitationResponse) =>
  `${answer.action}${'content' in answer && answer.content ? ` ${JSON.stringify(answer.content)}` : ''}`;

export async function elicit(connection: AgentSideConnection, sessionId: string, text: string, client: ClientCapabilities, say: Say) {
  const has = (word: string) => text.includes(word);
  const elicitation = client.elicitation;
  if ((has('elicit-form') || has('elicit-gone') || has('elicit-bad')) && !elicitation?.form) {
    return say('The client cannot show forms.\n');
  }
  if (has('elicit-url') && !elicitation?.url) return say('The client cannot show links.\n');
  if (has('elicit-form')) {
    const answer = await connection.createElicitation({
      sessionId,
      mode: 'form',
      message: 'Tell me about your order',
      requestedSchema: FAKE_FORM,
    });
    process.stderr.write(`fake-acp: form answered ${JSON.stringify(answer)}\n`);
    await say(`Form answer: ${describeAnswer(answer)}\n`);
  }
  if (has('elicit-url')) await askUrl(connection, sessionId, say);
  if (has('elicit-gone')) {
    const cancel = new AbortController();
    process.once('SIGUSR2', () => cancel.abort());
    const request = { sessionId, mode: 'form', message: 'A question soon withdrawn', requestedSchema: FAKE_FORM };
    const answer = connection.request<CreateElicitationResponse>('elicitation/create', request, { cancellationSignal: cancel.signal });
    process.stderr.write(`fake-acp: asking a question (pid ${process.pid})\n`);
    const outcome = await answer.then(describeAnswer, (error: { message?: string }) => `error ${error.message}`);
    await say(`Withdrawn question answered: ${outcome}\n`);
  }
  if (has('elicit-bad')) {
    const refused = await connection
      .request('elicitation/create', {
        sessionId,
        mode: 'form',
        message: 'Pick several',
        requestedSchema: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } } },
      })
      .then(
        (answer) => `no, answered ${JSON.stringify(answer)}`,
        (error: { message?: string; data?: unknown }) => `${error.message} ${JSON.stringify(error.data ?? '')}`,
      );
    await say(`Bad form refused: ${refused}\n`);
  }
}

/** A device login as codex-acp asks for it: the link, then `elicitation/complete` once the login is done. */
async function askUrl(connection: AgentSideConnection, sessionId: string, say: Say) {
  const elicitationId = `fake-login-${process.pid}-${Date.now()}`;
  const url = process.env.FAKE_ACP_ELICIT_URL ?? 'https://example.com/device?code=FAKE-1234';
  let completed = false;
  const complete = async () => {
    if (completed) return;
    completed = true;
    await connection.completeElicitation({ elicitationId });
    process.stderr.write(`fake-acp: completed ${elicitationId}\n`);
  };
  const early = () => void complete();
  process.once('SIGUSR2', early);
  const answered = connection.createElicitation({ sessionId, mode: 'url', elicitationId, url, message: 'Sign in to the fake service' });
  process.stderr.write(`fake-acp: url question ${elicitationId} (pid ${process.pid})\n`);
  const answer = await answered;
  process.off('SIGUSR2', early);
  process.stderr.write(`fake-acp: url answered ${JSON.stringify(answer)}\n`);
  // The user opened the link and signed in: the login is done.
  if (answer.action === 'accept') await complete();
  await say(`URL answer: ${answer.action}\n`);
}
