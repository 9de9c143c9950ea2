import { createElement, type ReactNode } from 'react';
import { CodeBlock } from './code-block';
import { splitMarkdownBlocks } from './markdown-blocks';
import styles from './markdown.module.css';

/**
 * An answer's first look, drawn at once when its entry appears, while the Markdown renderer parses
 * it in the background (./markdown-text.tsx): the same elements for the same lines (headings,
 * lists, quotes, code blocks, GitHub's tables, paragraphs) and so the same typography and about
 * the same height, without the parser. The chat list measures an entry as it first appears; an entry first
 * drawn empty and grown later moved everything the reader was looking at. Inline syntax is only
 * stripped (emphasis marks, link targets): what remains is the text the renderer shows.
 */
export function MarkdownSketch({ text }: { text: string }) {
  return (
    <div className={`markdown ${styles.markdown}`} data-sketch="true">
      {splitMarkdownBlocks(text).flatMap((block, blockIndex) =>
        sketchBlock(block).map((node, index) => <SketchNode key={`${blockIndex}.${index}`} node={node} />),
      )}
    </div>
  );
}

type SketchedNode =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph' | 'quote'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'code'; language: string | undefined; code: string }
  | { kind: 'table'; head: string[]; rows: string[][] };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:([-+*])|\d{1,9}[.)])\s+(.*)$/;
/** A GFM table's delimiter row, under its header row: `| --- | :-: |`. https://github.github.com/gfm/#tables-extension- */
const TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/** A table row's cells: the outer pipes dropped, split at the pipes not escaped. */
function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** The block's lines grouped into the elements Markdown makes of them. */
export function sketchBlock(block: string): SketchedNode[] {
  const nodes: SketchedNode[] = [];
  const lines = block.split('\n');
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) nodes.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fence = FENCE.exec(line);
    const heading = HEADING.exec(line);
    const item = LIST_ITEM.exec(line);
    const last = nodes.at(-1);
    if (fence) {
      endParagraph();
      const code: string[] = [];
      for (index++; index < lines.length && !lines[index]!.trimStart().startsWith(fence[1]!); index++) code.push(lines[index]!);
      nodes.push({ kind: 'code', language: fence[2] || undefined, code: code.join('\n') });
    } else if (
      line.includes('|') &&
      TABLE_DELIMITER.test(lines[index + 1] ?? '') &&
      tableCells(line).length === tableCells(lines[index + 1]!).length
    ) {
      endParagraph();
      const head = tableCells(line);
      const rows: string[][] = [];
      for (index += 2; index < lines.length && lines[index]!.trim() !== ''; index++) {
        const cells = tableCells(lines[index]!);
        rows.push(head.map((_, column) => cells[column] ?? ''));
      }
      index--;
      nodes.push({ kind: 'table', head, rows });
    } else if (line.trim() === '') {
      endParagraph();
    } else if (heading) {
      endParagraph();
      nodes.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (item) {
      endParagraph();
      if (last?.kind === 'list') last.items.push(item[2]!);
      else nodes.push({ kind: 'list', ordered: item[1] === undefined, items: [item[2]!] });
    } else if (line.trimStart().startsWith('>')) {
      endParagraph();
      const text = line.replace(/^\s*>\s?/, '');
      if (last?.kind === 'quote') last.text += ` ${text}`;
      else nodes.push({ kind: 'quote', text });
    } else if (last?.kind === 'list' && paragraph.length === 0 && /^\s/.test(line)) {
      last.items[last.items.length - 1] += ` ${line.trim()}`;
    } else {
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  return nodes;
}

/** Text with its inline syntax stripped; code spans kept as code (they are drawn with padding). */
function Inline({ text }: { text: string }): ReactNode {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)\1/g, '$2')
    .replace(/(^|\W)[*_](?=\S)([^*_]+?)[*_](?=\W|$)/g, '$1$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
  const parts = plain.split(/`+([^`]+)`+/);
  return parts.map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

function SketchNode({ node }: { node: SketchedNode }) {
  switch (node.kind) {
    case 'heading':
      return createElement(`h${node.level}`, null, <Inline text={node.text} />);
    case 'paragraph':
      return (
        <p>
          <Inline text={node.text} />
        </p>
      );
    case 'quote':
      return (
        <blockquote>
          <p>
            <Inline text={node.text} />
          </p>
        </blockquote>
      );
    case 'list': {
      const items = node.items.map((item, index) => (
        <li key={index}>
          <Inline text={item} />
        </li>
      ));
      return node.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      return (
        <table>
          <thead>
            <tr>
              {node.head.map((cell, column) => (
                <th key={column}>
                  <Inline text={cell} />
                </th>
              ))}
            </tr>
          </thead>
          {node.rows.length > 0 && (
            <tbody>
              {node.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, column) => (
                    <td key={column}>
                      <Inline text={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          )}
        </table>
      );
    case 'code':
      return <CodeBlock code={node.code} language={node.language} highlight={false} />;
    default: {
      const unreachable: never = node;
      return unreachable;
    }
  }
}
