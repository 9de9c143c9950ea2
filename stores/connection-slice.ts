/**
 * The relay connection as the user sees it, what the relay said about its agent, and the
 * (re)synchronisation that runs on every socket `connect`.
 */
import type { AgentDescription } from '../lib/protocol/agents';
import type { ThisDevice } from '../lib/protocol/devices';
import type { ConfigUpdatedParams } from '../lib/protocol/eca-chat';
import type { TabActor } from '../lib/protocol/roles';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import { reconcileChoice } from './composer-slice';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

export type AgentInfo = NonNullable<ConfigUpdatedParams['baton']>;
export type ChatConfig = NonNullable<ConfigUpdatedParams['chat']>;

export interface ConnectionSlice {
  connectionStatus: ConnectionStatus;
  /** Why the last initialize failed; cleared by the next one that succeeds. */
  connectionError: string | null;
  agent: AgentInfo | null;
  /** The paired device this page is, as `initialize` said; null for the main token. */
  device: ThisDevice | null;
  /** Who this page is and its role, as `initialize` said; null until then, or from a relay older than roles. */
  actor: TabActor | null;
  /** Every configured agent, as `config/updated`'s `baton.agents` describes them. */
  agents: readonly AgentDescription[];
  /** The agent a new thread gets unless the user picks another. */
  defaultAgent: string | null;
  chatConfig: ChatConfig;
  /**
   * `config/updated`: later updates overwrite only the fields they carry; the model and behavior
   * chosen for the next prompt follow what it offers and imposes.
   */
  receiveConfig(params: ConfigUpdatedParams): void;
  /**
   * Runs on every socket `connect`: initialize, then reload the thread list and the files, and
   * re-open the open thread so the relay puts this tab back in its room.
   */
  synchronize(): Promise<void>;
  /** The socket dropped: nothing this tab knows about running turns can be trusted until resync. */
  connectionLost(): void;
  connectionFailed(reason: string): void;
}

/**
 * The page was opened with an `answer-and-watch` device credential, or as a user whose role is not
 * operator (lib/protocol/roles.ts): no prompts, files or settings.
 */
export function selectAnswerOnly(state: Pick<ConnectionSlice, 'device' | 'actor'>): boolean {
  return state.device?.scope === 'answer-and-watch' || (state.actor !== null && state.actor.role !== 'operator');
}

/**
 * The page may do everything (the main token, a device paired for everything, an operator): what
 * only an operator may read, such as the audit list of every thread, is offered to it alone.
 */
export function selectOperator(state: Pick<ConnectionSlice, 'device' | 'actor'>): boolean {
  return !selectAnswerOnly(state);
}

/** A viewer's page (lib/protocol/roles.ts): it follows what waits, but answering is for an approver or operator. */
export function selectWatchOnly(state: Pick<ConnectionSlice, 'actor'>): boolean {
  return state.actor?.role === 'viewer';
}

/** What a viewer's page shows where the answers would be. */
export const WATCH_ONLY_WAITING = 'Waiting for an approver or an operator to answer.';

export const createConnectionSlice: BatonSliceCreator<ConnectionSlice> = (rpc) => (set, get) => ({
  connectionStatus: 'connecting',
  connectionError: null,
  agent: null,
  device: null,
  actor: null,
  agents: [],
  defaultAgent: null,
  chatConfig: {},

  receiveConfig(params) {
    set((state) => {
      const chatConfig = params.chat ? { ...state.chatConfig, ...params.chat } : state.chatConfig;
      return {
        agent: params.baton ?? state.agent,
        agents: params.baton?.agents ?? state.agents,
        defaultAgent: params.baton?.defaultAgent ?? state.defaultAgent,
        chatConfig,
        selectedModel: reconcileChoice(state.selectedModel, chatConfig.models, params.chat?.selectModel),
        selectedBehavior: reconcileChoice(state.selectedBehavior, chatConfig.behaviors, params.chat?.selectBehavior),
      };
    });
  },

  async synchronize() {
    set({ connectionStatus: 'connecting' });
    let device: ThisDevice | null;
    let actor: TabActor | null;
    try {
      const result = await rpc.request('initialize', {
        processId: null,
        clientInfo: { name: 'Baton web' },
        capabilities: {},
        workspaceFolders: [],
      });
      rpc.notify('initialized', {});
      device = result.device ?? null;
      actor = result.actor ?? null;
    } catch (error) {
      set({ connectionError: errorMessage(error) });
      return;
    }
    set({ connectionStatus: 'connected', connectionError: null, device, actor });
    const reopen = get().selectedThreadId;
    await Promise.all([
      get().loadThreads(),
      // A watch-only device may not read files: the relay would refuse, and the page hides them.
      selectAnswerOnly(get()) ? Promise.resolve() : get().refreshFiles(),
      get().loadInbox(),
      reopen ? get().selectThread(reopen) : Promise.resolve(),
    ]);
  },

  connectionLost() {
    set((state) => ({
      connectionStatus: 'disconnected',
      chats: new Map([...state.chats].map(([threadId, chat]) => [threadId, { ...chat, turnRunning: false }])),
    }));
  },

  connectionFailed(reason) {
    set({ connectionStatus: 'disconnected', connectionError: reason });
  },
});
