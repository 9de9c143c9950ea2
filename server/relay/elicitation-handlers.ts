/**
 * `thread/answerElicitation` (lib/protocol/elicitation.ts): a tab's answer to an agent's question.
 * The relay checks a form's values against the question's schema; a bad answer is refused with
 * what is wrong, and the question keeps waiting for a good one.
 */
import { answeredFrom } from '../../lib/protocol/roles';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerElicitationHandlers({ connection, hub, actor, audit }: TabContext): void {
  connection.onRequest('thread/answerElicitation', ({ threadId, elicitationId, action, content }) =>
    asRpc(async () => {
      await hub.answerElicitation(threadId, elicitationId, action, content, answeredFrom(actor));
      await audit.record(Promise.resolve({ threadId, action: 'answer' }));
      return {};
    }),
  );
}
