/** A thread as a Markdown transcript: a section per message, tool calls with their diffs and output. */
import type { ThreadEntry } from '../../protocol/thread-model';
import type { ThreadDetails } from '../../protocol/thread-export';
import { outcomeLabel, turnUsageText } from '../review-labels';
import { contextText, headerFacts, messageText, toolCallArguments, toolCallFacts, toolCallOutput, toolCallTitle } from './transcript-parts';
import { elicitationText } from '../elicitation-text';

export function threadMarkdown(details: ThreadDetails, entries: readonly ThreadEntry[]): string {
  const facts = headerFacts(details).map(([name, value]) => `- **${name}:** ${value}`);
  const parts = [`# ${oneLine(details.title)}`, facts.join('\n'), ...entries.map(entryMarkdown).filter((part) => part !== '')];
  return `${parts.join('\n\n')}\n`;
}

function entryMarkdown(entry: ThreadEntry, index: number): string {
  const anchor = `<a id="entry-${index}"></a>`;
  switch (entry.type) {
    case 'message': {
      const contexts = entry.contexts?.map((context) => `- ${contextText(context)}`) ?? [];
      return [
        `## ${entry.role === 'user' ? 'User' : 'Assistant'} ${anchor}`,
        entry.role === 'user' ? fenced(messageText(entry), 'text') : messageText(entry),
        ...(entry.model ? [`_Model: ${entry.model}_`] : []),
        ...(contexts.length > 0 ? [`Contexts:\n\n${contexts.join('\n')}`] : []),
      ].join('\n\n');
    }
    case 'reasoning':
      return `<details><summary>Reasoning ${anchor}</summary>\n\n${fenced(entry.text, 'text')}\n\n</details>`;
    case 'toolCall': {
      const args = toolCallArguments(entry);
      const output = toolCallOutput(entry);
      return [
        `### ${toolCallTitle(entry)} ${anchor}`,
        ...toolCallFacts(entry).map((fact) => `- ${fact}`),
        ...(args ? [`Arguments:\n\n${fenced(args, 'json')}`] : []),
        ...(entry.details
          ? [
              `Change to \`${entry.details.path}\` (+${entry.details.linesAdded} -${entry.details.linesRemoved}):\n\n${fenced(entry.details.diff, 'diff')}`,
            ]
          : []),
        ...(output ? [`Output:\n\n${fenced(output, 'text')}`] : []),
      ].join('\n\n');
    }
    case 'readFile':
      return `### Read file \`${entry.path}\` ${anchor}\n\n${fenced(entry.content, 'text')}`;
    case 'link':
      return `Link: [${entry.title}](${entry.url}) ${anchor}`;
    case 'handOver':
      return `_Handed over from ${entry.from} to ${entry.to}._ ${anchor}`;
    case 'elicitation':
      return `_${elicitationText(entry)}_ ${anchor}`;
    case 'turnSummary': {
      const parts = [
        entry.outcome ? outcomeLabel(entry.outcome, entry.device) : undefined,
        entry.usage ? turnUsageText(entry.usage) : undefined,
      ];
      return `> ${parts.filter(Boolean).join(' · ')} ${anchor}`;
    }
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

/** A code block whose fence is longer than any run of backticks inside, so no content can close it. */
export function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
