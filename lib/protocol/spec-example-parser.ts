/**
 * Finds the JSON examples in a spec written in Markdown: every fenced block that holds JSON,
 * whether a ```json block, the body of an HTTP example, the joined `data:` lines of a
 * Server-Sent Event, or a bare message. Blocks that should hold JSON and do not parse are
 * returned as skipped, with the reason. Pure: no file system.
 */

export type ExampleSource = 'json' | 'http-body' | 'sse-data' | 'plain';

export interface SpecExample {
  /** The spec's file name. */
  spec: string;
  /** 1-based line of the example's first JSON line in the spec. */
  line: number;
  /** The nearest heading above the example, without its `#`s. */
  heading: string;
  /** The last line of prose before the block (like "**Response:**"), if any. */
  lead?: string;
  source: ExampleSource;
  /** For `sse-data`: the event's `event:` name. */
  sseEvent?: string;
  json: unknown;
}

export interface SkippedBlock {
  spec: string;
  line: number;
  heading: string;
  reason: string;
}

export interface ExtractedSpec {
  examples: SpecExample[];
  skipped: SkippedBlock[];
  /** Blocks in other languages (TypeScript types, diagrams, code), counted by language. */
  otherBlocks: Record<string, number>;
}

interface FencedBlock {
  language: string;
  /** 1-based line of the first content line. */
  firstLine: number;
  lines: string[];
  heading: string;
  lead: string;
}

/** Blocks of these languages are searched for JSON; the rest are code or diagrams. */
const JSON_BEARING_LANGUAGES = new Set(['json', 'http', '']);

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;

export function extractSpecExamples(spec: string, markdown: string): ExtractedSpec {
  const result: ExtractedSpec = { examples: [], skipped: [], otherBlocks: {} };
  for (const block of fencedBlocks(markdown)) {
    if (!JSON_BEARING_LANGUAGES.has(block.language)) {
      result.otherBlocks[block.language] = (result.otherBlocks[block.language] ?? 0) + 1;
      continue;
    }
    const candidate = jsonCandidate(block);
    const place = { spec, heading: block.heading };
    if (!candidate) {
      if (block.language === 'json') result.skipped.push({ ...place, line: block.firstLine, reason: 'empty block' });
      else result.otherBlocks[block.language || 'plain'] = (result.otherBlocks[block.language || 'plain'] ?? 0) + 1;
      continue;
    }
    try {
      const json: unknown = JSON.parse(candidate.text);
      result.examples.push({
        ...place,
        line: candidate.line,
        ...(block.lead ? { lead: block.lead } : {}),
        source: candidate.source,
        ...(candidate.sseEvent !== undefined ? { sseEvent: candidate.sseEvent } : {}),
        json,
      });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      result.skipped.push({ ...place, line: candidate.line, reason: `not valid JSON${likelyCause(candidate.text)}: ${detail}` });
    }
  }
  return result;
}

function* fencedBlocks(markdown: string): Generator<FencedBlock> {
  const lines = markdown.split(/\r?\n/);
  let heading = '';
  let lead = '';
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fence = FENCE.exec(line);
    if (!fence) {
      const title = HEADING.exec(line);
      if (title) {
        heading = title[1] ?? '';
        lead = '';
      } else if (line.trim() !== '') {
        lead = line.trim();
      }
      continue;
    }
    const [, indent = '', marker = '```', language = ''] = fence;
    const closing = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    const content: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end] ?? '')) {
      content.push(stripIndent(lines[end] ?? '', indent.length));
      end++;
    }
    yield { language: language.toLowerCase(), firstLine: index + 2, lines: content, heading, lead };
    index = end;
    lead = '';
  }
}

/** Why a spec's example is not JSON, when it is one of the usual reasons. */
function likelyCause(text: string): string {
  if (text.includes('...') || text.includes('…')) return ', it has an ellipsis placeholder';
  if (/^\s*\/\/|\/\*/m.test(text)) return ', it has comments';
  return '';
}

function stripIndent(line: string, width: number): string {
  let strip = 0;
  while (strip < width && line[strip] === ' ') strip++;
  return line.slice(strip);
}

interface Candidate {
  text: string;
  line: number;
  source: ExampleSource;
  sseEvent?: string;
}

/** The part of a block that should be JSON, or nothing if the block holds none. */
function jsonCandidate(block: FencedBlock): Candidate | undefined {
  const { lines, firstLine } = block;
  if (block.language === 'json') {
    const start = lines.findIndex((line) => line.trim() !== '');
    return start === -1 ? undefined : { text: lines.join('\n'), line: firstLine + start, source: 'json' };
  }
  const dataLine = lines.findIndex((line) => line.startsWith('data:'));
  if (dataLine !== -1) return sseCandidate(lines, firstLine, dataLine);
  // An HTTP example or a framed message: headers first, then a JSON body from its first line.
  const bodyStart = lines.findIndex((line) => /^\s*[[{]/.test(line));
  if (bodyStart === -1) return undefined;
  return {
    text: lines.slice(bodyStart).join('\n'),
    line: firstLine + bodyStart,
    source: block.language === 'http' ? 'http-body' : 'plain',
  };
}

/** Per the SSE standard: `data:` lines, each less "data:" and one space, joined with "\n". */
function sseCandidate(lines: string[], firstLine: number, dataLine: number): Candidate {
  const eventLine = lines.find((line) => line.startsWith('event:'));
  const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice('data:'.length).replace(/^ /, ''));
  return {
    text: data.join('\n'),
    line: firstLine + dataLine,
    source: 'sse-data',
    ...(eventLine ? { sseEvent: eventLine.slice('event:'.length).trim() } : {}),
  };
}
