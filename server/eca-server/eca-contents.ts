/**
 * What the hub broadcasts, as an ECA editor expects it (specs/eca-protocol-v2.md, "Chat Content
 * Received"). The hub speaks Baton's browser dialect of ECA, which differs in three ways:
 * - every content carries Baton's `seq` extension; an editor gets `{chatId, role, content}` only;
 * - a running shell command's output comes as repeated `toolCallRunning` contents with Baton's
 *   `outputChunk` extension, where ECA sends `toolCallRunning` "once per id": the repeats are not
 *   sent, and the whole output still arrives with `toolCalled`;
 * - the built-in agent names its native tool server 'builtin', where ECA names it 'ECA' (the name
 *   `tool/serverUpdated` gives it), so native tool calls say `server: 'ECA'`.
 */
import { NATIVE_TOOL_SERVER } from '../../lib/protocol/eca/chat-content';
import type { ChatContent, ChatContentReceivedParams } from '../../lib/protocol/eca-chat';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';

/** The notification to send an editor for one broadcast content, or undefined when none is due. */
export function toEcaContentReceived(params: SequencedContentReceivedParams): ChatContentReceivedParams | undefined {
  const { chatId, role, content } = params;
  const ecaContent = toEcaContent(content);
  return ecaContent === undefined ? undefined : { chatId, role, content: ecaContent };
}

function toEcaContent(content: ChatContent): ChatContent | undefined {
  switch (content.type) {
    case 'toolCallRunning': {
      const { outputChunk, ...running } = content;
      if (outputChunk !== undefined) return undefined;
      return withEcaServer(running);
    }
    case 'toolCallRun': {
      const { approvalOptions: _options, ...run } = content;
      return withEcaServer(run);
    }
    case 'toolCallPrepare':
    case 'toolCalled':
    case 'toolCallRejected':
      return withEcaServer(content);
    case 'text':
    case 'url':
    case 'progress':
    case 'usage':
    case 'reasonStarted':
    case 'reasonText':
    case 'reasonFinished':
    case 'metadata':
      return content;
    // Baton's own: an editor has no place for it.
    case 'handOver':
      return undefined;
    default: {
      const unreachable: never = content;
      return unreachable;
    }
  }
}

function withEcaServer<T extends { origin: 'native' | 'mcp'; server: string }>(content: T): T {
  return content.origin === 'native' ? { ...content, server: NATIVE_TOOL_SERVER } : content;
}
