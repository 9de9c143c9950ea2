/**
 * What the hub broadcasts, as ECA editors expect it (specs/eca-protocol-v2.md, "Chat Content
 * Received", and what today's editors read). The hub speaks Baton's browser dialect of ECA, which
 * differs in these ways:
 * - every content carries Baton's `seq` extension; an editor gets `{chatId, role, content}` only,
 *   with the chat id the editor knows the chat by (eca-chats.ts);
 * - a user message carries a `contentId` (made of the thread and the content's seq), by which an
 *   editor rolls back or forks the chat;
 * - a running shell command's output comes as repeated `toolCallRunning` contents with Baton's
 *   `outputChunk` extension, where ECA sends `toolCallRunning` "once per id": the repeats are not
 *   sent, and the whole output still arrives with `toolCalled`;
 * - the built-in agent names its native tool server 'builtin', where ECA names it 'ECA' (the name
 *   `tool/serverUpdated` gives it), so native tool calls say `server: 'ECA'`;
 * - `toolCalled` always says `totalTimeMs` (v2 requires it): a call stopped before it ran, or
 *   refused, is timed from its first content;
 * - Baton's `boundary` of a call (the sandbox its command ran in) is Baton's own: not sent;
 * - usage goes with both its v1 names (`messageCost`, `messageInputTokens`, ...) and its v2 ones,
 *   costs as plain numbers: editors put the currency sign in front themselves.
 */
import { NATIVE_TOOL_SERVER } from '../../lib/protocol/eca/chat-content';
import type { ChatContent, ChatContentReceivedParams } from '../../lib/protocol/eca-chat';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';

type Usage = Extract<ChatContent, { type: 'usage' }>;

/** A user message's id: the thread it is in, and its seq there. */
export function contentIdOf(threadId: string, seq: number): string {
  return `${threadId}:${seq}`;
}

/** The thread and seq a content id names, or undefined when it is not one of Baton's. */
export function parseContentId(contentId: string): { threadId: string; seq: number } | undefined {
  const colon = contentId.lastIndexOf(':');
  const seq = Number(contentId.slice(colon + 1));
  if (colon <= 0 || !Number.isSafeInteger(seq) || seq < 0) return undefined;
  return { threadId: contentId.slice(0, colon), seq };
}

export class EcaContentTranslator {
  /** When each tool call still open was first seen, to time the ones that end without a time. */
  private readonly callStarts = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The notification for one broadcast content of `threadId`, sent as `chatId`'s; undefined when none is due. */
  toEca(params: SequencedContentReceivedParams, chatId: string): ChatContentReceivedParams | undefined {
    const { chatId: threadId, role, content, seq } = params;
    const ecaContent = this.translate(content);
    if (ecaContent === undefined) return undefined;
    if (role === 'user' && ecaContent.type === 'text' && seq !== undefined) {
      return { chatId, role, content: { ...ecaContent, contentId: contentIdOf(threadId, seq) } };
    }
    return { chatId, role, content: ecaContent };
  }

  private translate(content: ChatContent): ChatContent | undefined {
    switch (content.type) {
      case 'toolCallRunning': {
        const { outputChunk, boundary: _boundary, ...running } = content;
        if (outputChunk !== undefined) return undefined;
        this.started(content.id);
        return withEcaServer(running);
      }
      case 'toolCallRun': {
        const { approvalOptions: _options, autoApproved: _autoApproved, approvingRule: _rule, boundary: _boundary, ...run } = content;
        this.started(content.id);
        return withEcaServer(run);
      }
      case 'toolCallPrepare':
        this.started(content.id);
        return withEcaServer(content);
      case 'toolCalled': {
        const { boundary: _boundary, ...called } = content;
        const startedAt = this.callStarts.get(content.id);
        this.callStarts.delete(content.id);
        const totalTimeMs = content.totalTimeMs ?? (startedAt === undefined ? 0 : Math.round(this.now() - startedAt));
        return withEcaServer({ ...called, totalTimeMs });
      }
      case 'toolCallRejected':
        this.callStarts.delete(content.id);
        return withEcaServer(content);
      case 'usage':
        return bothUsageVersions(content);
      // Baton's own record of the prompt's choices and of how the turn ended stays with Baton.
      case 'text': {
        // messageId too: an ACP agent's message boundary, which ECA's text content has no field for.
        const { contexts: _contexts, model: _model, messageId: _messageId, ...text } = content;
        return text;
      }
      case 'progress': {
        const { outcome: _outcome, ...progress } = content;
        return progress;
      }
      case 'url':
      case 'reasonStarted':
      case 'reasonText':
      case 'reasonFinished':
      case 'metadata':
        return content;
      // Baton's own: an editor has no place for it.
      case 'handOver':
      case 'threadRewound':
      case 'toolCallApproval':
      case 'fileRead':
      case 'elicitation':
      case 'elicitationAnswered':
        return undefined;
      default: {
        const unreachable: never = content;
        return unreachable;
      }
    }
  }

  private started(toolCallId: string): void {
    if (!this.callStarts.has(toolCallId)) this.callStarts.set(toolCallId, this.now());
  }
}

function withEcaServer<T extends { origin: 'native' | 'mcp'; server: string }>(content: T): T {
  return content.origin === 'native' ? { ...content, server: NATIVE_TOOL_SERVER } : content;
}

/** A cost as editors want it: the number alone ("0.0123"), since they add their own "$". */
function plainCost(cost: string | undefined): string | undefined {
  return cost?.replace(/^\s*\$\s*/, '');
}

function bothUsageVersions({ context: _context, ...usage }: Usage): Usage & { messageCost?: string } {
  // `context` (an ACP agent's used-of-size figure) is Baton's own; ECA's usage carries its `limit` instead.
  const lastMessageCost = plainCost(usage.lastMessageCost);
  const sessionCost = plainCost(usage.sessionCost);
  return {
    ...usage,
    messageInputTokens: usage.messageInputTokens ?? 0,
    messageOutputTokens: usage.messageOutputTokens ?? 0,
    ...(lastMessageCost === undefined ? {} : { lastMessageCost, messageCost: lastMessageCost }),
    ...(sessionCost === undefined ? {} : { sessionCost }),
  };
}
