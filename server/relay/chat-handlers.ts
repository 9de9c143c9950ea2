/**
 * The ECA chat methods of one tab (specs/eca-protocol-v2.md, "Code Assistant Features"): prompts
 * with their behaviour, model and contexts, approvals, Stop, delete, and the `@` and `/` menus.
 */
import type { ChatBehavior } from '../../lib/protocol/eca-chat';
import { checkPromptContextCount } from '../agents/prompt-limits';
import { chooseModel, matchingCommands } from '../agents/turn-choices';
import { UnknownThreadError } from '../hub/thread-hub';
import { queryContexts } from './context-query';
import { asRpc, failureReporter } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerChatHandlers(context: TabContext): void {
  const { connection, hub, workspace, agents, toolServers, audit } = context;
  const by = context.actor.kind === 'owner' ? undefined : context.actor;
  // The behaviour this tab last chose (`chat/selectedBehaviorChanged`), for prompts that name none.
  let selectedBehavior: ChatBehavior = 'agent';

  connection.onNotification('chat/selectedBehaviorChanged', ({ behavior }) => {
    selectedBehavior = behavior;
    void tellAgentOfBehavior(behavior).catch(reportFailure('pass the behaviour on'));
  });
  /** An agent that follows the composer's behaviour (an ECA server) hears of it, if it runs: never started for it. */
  async function tellAgentOfBehavior(behavior: string): Promise<void> {
    const threadId = context.watchedThread?.();
    const name = threadId === undefined ? agents.defaultAgent : await hub.agentOf(threadId);
    await agents.startedBackends().get(name)?.selectBehavior?.(behavior);
  }

  connection.onRequest('chat/prompt', ({ chatId, message, behavior, model, contexts, baton }) =>
    asRpc(async () => {
      checkPromptContextCount(contexts);
      const threadId = chatId ?? (await hub.createThread(baton?.agent)).id;
      context.watchThread(threadId);
      const chosenBehavior = behavior ?? selectedBehavior;
      // Handed to the hub before the agent is ready, so that a Stop meanwhile is not lost.
      const chosenModel = modelFor(threadId, model);
      await hub.prompt(
        threadId,
        message,
        chosenModel.then((modelName) => ({ behavior: chosenBehavior, model: modelName, contexts })),
      );
      await audit.record(Promise.resolve({ threadId, action: 'prompt' }));
      return { chatId: threadId, model: (await chosenModel) ?? '', status: 'prompting' as const };
    }),
  );
  /**
   * The model a turn of this thread uses. An agent that has not started (or cannot) is passed the
   * request as it is: its turn will say why it cannot run.
   */
  async function modelFor(threadId: string, requested: string | undefined): Promise<string | undefined> {
    const backend = await agents.get(await hub.agentOf(threadId)).catch(() => undefined);
    if (!backend) return requested;
    return chooseModel(backend.info, requested) || undefined;
  }
  connection.onRequest('chat/delete', ({ chatId }) =>
    asRpc(async () => {
      if (chatId !== undefined) await hub.deleteThread(chatId);
      return {};
    }),
  );
  /** The agent a menu is for: the chat's, or for a chat not started yet the one the tab names. */
  async function menuAgent(chatId: string | undefined, named: string | undefined) {
    return agents.get(chatId === undefined ? (named ?? agents.defaultAgent) : await hub.agentOf(chatId));
  }
  connection.onRequest('chat/queryContext', ({ chatId, query, contexts, baton }) =>
    asRpc(async () => {
      const agent = await menuAgent(chatId, baton?.agent);
      if (agent.queryContext) return { chatId, contexts: await agent.queryContext(query, contexts, chatId) };
      // Only the built-in agent reads the built-in agent's MCP resources.
      const resources = agent === agents.builtin ? () => toolServers.resources() : undefined;
      return { chatId, contexts: await queryContexts({ workspace, resources }, query, contexts) };
    }),
  );
  connection.onRequest('chat/queryCommands', ({ chatId, query, baton }) =>
    asRpc(async () => {
      const agent = await menuAgent(chatId, baton?.agent);
      return { chatId, commands: matchingCommands((await agent.listCommands?.()) ?? [], query) };
    }),
  );

  // Decisions and Stop are notifications, so a failure cannot be an error response: a thread that
  // was deleted meanwhile has nothing left to decide; any other failure is told to this tab.
  const report = failureReporter(connection);
  const reportFailure = (action: string) => (error: unknown) => {
    if (!(error instanceof UnknownThreadError)) report(action)(error);
  };
  connection.onNotification('chat/toolCallApprove', ({ chatId, toolCallId, save, optionId }) => {
    const answered = hub.approve(chatId, toolCallId, save, optionId, by);
    answered.catch(reportFailure('approve the tool call'));
    void audit.record(
      answered.then(
        (done) => (done ? { threadId: chatId, action: 'approve', toolCallId } : undefined),
        () => undefined,
      ),
    );
  });
  connection.onNotification('chat/toolCallReject', ({ chatId, toolCallId, optionId }) => {
    const answered = hub.reject(chatId, toolCallId, optionId, by);
    answered.catch(reportFailure('reject the tool call'));
    void audit.record(
      answered.then(
        (done) => (done ? { threadId: chatId, action: 'reject', toolCallId } : undefined),
        () => undefined,
      ),
    );
  });
  connection.onNotification('chat/promptStop', ({ chatId }) => {
    const stopped = hub.stop(chatId, by);
    stopped.catch(reportFailure('stop the turn'));
    void audit.record(
      stopped.then(
        () => ({ threadId: chatId, action: 'stop' }),
        () => undefined,
      ),
    );
  });
}
