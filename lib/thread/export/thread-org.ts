/**
 * A thread as an Org transcript, the format Emacs-Agent saves its transcripts in: a heading per
 * message, tool calls and reasoning as sub-headings (folded in Emacs), diffs and output in blocks.
 */
import type { ThreadEntry } from '../../protocol/thread-model';
import type { ThreadDetails } from '../../protocol/thread-export';
import { outcomeLabel, turnUsageText } from '../review-labels';
import { contextText, headerFacts, messageText, toolCallArguments, toolCallFacts, toolCallOutput, toolCallTitle } from './transcript-parts';
import { elicitationText } from '../elicitation-text';

export function threadOrg(details: ThreadDetails, entries: readonly ThreadEntry[]): string {
  const facts = headerFacts(details).map(([name, value]) => `- ${name} :: ${value}`);
  const parts = [`#+TITLE: ${oneLine(details.title)}`, facts.join('\n'), ...entries.map(entryOrg)];
  return `${parts.join('\n\n')}\n`;
}

function entryOrg(entry: ThreadEntry, index: number): string {
  const target = `<<entry-${index}>>`;
  switch (entry.type) {
    case 'message': {
      const contexts = entry.contexts?.map((context) => `- ${contextText(context)}`) ?? [];
      return [
        `* ${entry.role === 'user' ? 'User' : 'Assistant'} ${target}`,
        plainText(messageText(entry)),
        ...(entry.model ? [`Model: ${entry.model}`] : []),
        ...(contexts.length > 0 ? [`Contexts:\n${contexts.join('\n')}`] : []),
      ].join('\n');
    }
    case 'reasoning':
      return `** Reasoning ${target}\n${block('quote', entry.text)}`;
    case 'toolCall': {
      const args = toolCallArguments(entry);
      const output = toolCallOutput(entry);
      return [
        `** ${toolCallTitle(entry)} ${target}`,
        ...toolCallFacts(entry).map((fact) => `- ${plainLine(fact)}`),
        ...(args ? [block('src json', args)] : []),
        ...(entry.details
          ? [
              `Change to =${entry.details.path}= (+${entry.details.linesAdded} -${entry.details.linesRemoved}):`,
              block('src diff', entry.details.diff),
            ]
          : []),
        ...(output ? ['Output:', block('example', output)] : []),
      ].join('\n');
    }
    case 'readFile':
      return `** Read file =${entry.path}= ${target}\n${block('example', entry.content)}`;
    case 'link':
      return `Link: [[${entry.url}][${entry.title.replace(/[[\]]/g, '')}]] ${target}`;
    case 'handOver':
      return `/Handed over from ${entry.from} to ${entry.to}./ ${target}`;
    case 'elicitation':
      return `/${elicitationText(entry)}/ ${target}`;
    case 'turnSummary': {
      const parts = [
        entry.outcome ? outcomeLabel(entry.outcome, entry.device) : undefined,
        entry.usage ? turnUsageText(entry.usage) : undefined,
      ];
      return `- ${parts.filter(Boolean).join(' · ')} ${target}`;
    }
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

/** A block whose lines cannot end it or start a heading: Org's comma escape for `*` and `#+` lines. */
export function block(kind: string, text: string): string {
  const name = kind.split(' ')[0] ?? kind;
  const escaped = text.replace(/^(\s*)(\*|#\+|,\*|,#\+)/gm, '$1,$2');
  return `#+begin_${kind}\n${escaped}\n#+end_${name}`;
}

/** Text whose lines starting with `*` would read as headings, and `#+` as keywords: indented one space. */
function plainText(text: string): string {
  return text.replace(/^(\*+\s|#\+)/gm, ' $1');
}

function plainLine(text: string): string {
  return oneLine(text);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
