/**
 * What a turn shows beside its entries but the shared entry fold does not keep (yet): the model's
 * reasoning (`reasonStarted` / `reasonText` / `reasonFinished`, specs/eca-protocol-v2.md "Chat
 * Content Received") and `url` links. Each aside remembers how many entries stood before it, so the
 * chat shows it where it arrived. Pure: an unchanged list is returned as the same object.
 */
import type { ChatContent } from '../lib/protocol/eca-chat';

export interface ReasoningAside {
  kind: 'reasoning';
  /** The reason id of the wire contents. */
  id: string;
  text: string;
  finished: boolean;
  /** From `reasonFinished`; absent while thinking and from v1 agents, which send no timing. */
  totalTimeMs?: number;
  /** The number of entries before it. */
  position: number;
}

export interface LinkAside {
  kind: 'link';
  title: string;
  url: string;
  position: number;
}

export type ChatAside = ReasoningAside | LinkAside;

type AsideContent = Extract<ChatContent, { type: 'reasonStarted' | 'reasonText' | 'reasonFinished' | 'url' }>;

export function foldAside(asides: readonly ChatAside[], position: number, content: AsideContent): readonly ChatAside[] {
  switch (content.type) {
    case 'reasonStarted':
      return findReasoning(asides, content.id) === -1 ? [...asides, reasoning(content.id, '', position)] : asides;
    case 'reasonText': {
      // A tab that joined mid-thought never saw `reasonStarted`; the thought still shows.
      if (findReasoning(asides, content.id) === -1) return [...asides, reasoning(content.id, content.text, position)];
      return updateReasoning(asides, content.id, (block) => ({ ...block, text: block.text + content.text }));
    }
    case 'reasonFinished':
      return updateReasoning(asides, content.id, (block) => ({
        ...block,
        finished: true,
        ...(content.totalTimeMs === undefined ? {} : { totalTimeMs: content.totalTimeMs }),
      }));
    case 'url':
      return [...asides, { kind: 'link', title: content.title, url: content.url, position }];
    default: {
      const unreachable: never = content;
      return unreachable;
    }
  }
}

/** The turn ended: a thought that never heard `reasonFinished` is over all the same. */
export function finishOpenReasoning(asides: readonly ChatAside[]): readonly ChatAside[] {
  if (!asides.some((aside) => aside.kind === 'reasoning' && !aside.finished)) return asides;
  return asides.map((aside) => (aside.kind === 'reasoning' && !aside.finished ? { ...aside, finished: true } : aside));
}

function reasoning(id: string, text: string, position: number): ReasoningAside {
  return { kind: 'reasoning', id, text, finished: false, position };
}

function findReasoning(asides: readonly ChatAside[], id: string): number {
  return asides.findIndex((aside) => aside.kind === 'reasoning' && aside.id === id);
}

function updateReasoning(
  asides: readonly ChatAside[],
  id: string,
  update: (block: ReasoningAside) => ReasoningAside,
): readonly ChatAside[] {
  const index = findReasoning(asides, id);
  if (index === -1) return asides;
  const next = [...asides];
  next[index] = update(asides[index] as ReasoningAside);
  return next;
}
