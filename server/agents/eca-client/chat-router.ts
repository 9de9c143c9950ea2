/**
 * One ECA server serves every thread of its agent, its chats told apart by `chatId`. A new
 * chat's id is only known from the answer to `chat/prompt`, and the spec's sequence diagram has
 * the server send contents before that answer ("system: start", the user's message): contents of
 * a chat nobody holds yet are kept while a new chat is being opened, and handed over once the
 * answer names it.
 */
import type { ChatContentReceivedParams } from '../../../lib/protocol/eca-chat';
import type { EcaChatTurn } from './eca-chat-turn';

/** Contents kept for a chat not yet named, at most; more means the server is not doing what we think. */
const MAX_KEPT = 1_000;

export class ChatRouter {
  private readonly turns = new Map<string, EcaChatTurn>();
  private readonly kept = new Map<string, ChatContentReceivedParams[]>();
  private keptCount = 0;
  private opening = 0;

  constructor(private readonly log: (message: string) => void) {}

  /** Every turn running on this server. */
  get running(): EcaChatTurn[] {
    return [...this.turns.values()];
  }

  deliver(params: ChatContentReceivedParams): void {
    const turn = this.turns.get(params.chatId);
    if (turn) {
      turn.receive(params.role, params.content);
      return;
    }
    if (this.opening > 0 && this.keptCount < MAX_KEPT) {
      const kept = this.kept.get(params.chatId) ?? [];
      kept.push(params);
      this.kept.set(params.chatId, kept);
      this.keptCount++;
      return;
    }
    this.log(`a ${params.content.type} content for chat ${params.chatId}, which no turn is waiting for; not shown`);
  }

  /** A new chat is being opened: keep contents of unknown chats until `done` is called. */
  opensChat(): () => void {
    this.opening++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.opening--;
      if (this.opening === 0) this.dropKept();
    };
  }

  /** The turn takes the chat's contents, those kept first. */
  bind(chatId: string, turn: EcaChatTurn): void {
    turn.chatId = chatId;
    this.turns.set(chatId, turn);
    const kept = this.kept.get(chatId) ?? [];
    this.kept.delete(chatId);
    this.keptCount -= kept.length;
    for (const params of kept) turn.receive(params.role, params.content);
  }

  unbind(chatId: string, turn: EcaChatTurn): void {
    if (this.turns.get(chatId) === turn) this.turns.delete(chatId);
  }

  private dropKept(): void {
    for (const [chatId, kept] of this.kept) {
      this.log(`${kept.length} contents for chat ${chatId}, which no turn claimed; not shown`);
    }
    this.kept.clear();
    this.keptCount = 0;
  }
}
