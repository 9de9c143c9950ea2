/**
 * What is wrong with a config file, said the way a compiler says it: `<file>:<line>:<column>` and
 * what was expected, on one line, so that a person can jump to the place instead of reading a
 * validator's dump. The JSON is located with Microsoft's jsonc-parser (the parser behind VS Code's
 * JSON support), which keeps every value's offset in the text.
 */
import { findNodeAtLocation, type Node, parse, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { z } from 'zod';

/** Strict JSON, as `JSON.parse` reads it: no comments, no trailing commas. */
const STRICT_JSON = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** Where a JSON text stops being JSON and why, or undefined when `JSON.parse` accepts it. */
export function jsonSyntaxProblem(file: string, text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const errors: ParseError[] = [];
    parse(text, errors, STRICT_JSON);
    const first = errors[0];
    // jsonc-parser and V8 agree on what JSON is; should they ever differ, V8's own words still name the file.
    if (first === undefined) return `${file}: not valid JSON: ${(error as Error).message}`;
    const { line, column } = lineAndColumn(text, first.offset);
    return `${file}:${line}:${column}: not valid JSON: ${words(printParseErrorCode(first.error))}`;
  }
}

/**
 * The first schema problem, at the line of the field it is about; `prefix` is where the checked
 * value sits in the file (`['mcpServers']` for that section). Further problems are counted, not listed:
 * fixing the first one usually changes the rest.
 */
export function schemaProblem(file: string, text: string, error: z.ZodError, prefix: ReadonlyArray<string | number> = []): string {
  const [issue, ...rest] = error.issues;
  if (issue === undefined) return `${file}: invalid`;
  const first = innermost(issue);
  // An unknown key is reported on its object; the key itself is the field to point at.
  const unknownKey = first.keys?.[0];
  const fieldPath = [...prefix, ...first.path, ...(unknownKey === undefined ? [] : [unknownKey])];
  const line = lineOfField(text, fieldPath);
  const more = rest.length === 0 ? '' : ` (and ${rest.length} more ${rest.length === 1 ? 'problem' : 'problems'})`;
  return `${file}${line === undefined ? '' : `:${line}`}: ${fieldName(fieldPath) || 'the file'}: ${first.message}${more}`;
}

/** The line of a field (its key), or of the nearest enclosing field that is there when it is missing. */
export function lineOfField(text: string, fieldPath: ReadonlyArray<string | number>): number | undefined {
  const root = parseTree(text, [], STRICT_JSON);
  if (root === undefined) return undefined;
  for (let length = fieldPath.length; length >= 0; length -= 1) {
    const node = findNodeAtLocation(root, [...fieldPath.slice(0, length)]);
    if (node !== undefined) return lineAndColumn(text, startOf(node)).line;
  }
  return undefined;
}

/** `toolApproval[2].when.matches`, as a person would look it up in the file. */
export function fieldName(fieldPath: ReadonlyArray<string | number>): string {
  return fieldPath.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${key}`)).join('');
}

/** A property's value starts after its key; the key's line is where a reader looks. */
function startOf(node: Node): number {
  return node.parent?.type === 'property' ? node.parent.offset : node.offset;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

type Issue = { code: string; path: Array<string | number>; message: string; keys?: string[] };

/**
 * A value that fits none of a union's shapes gets "Invalid input" on the value; the shape it came
 * closest to (fewest problems) says what is actually wrong, e.g. `command` is not a string.
 */
function innermost(issue: z.core.$ZodIssue): Issue {
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0]?.[0];
    if (closest !== undefined) {
      const inner = innermost(closest);
      return { ...inner, path: [...path, ...inner.path] };
    }
  }
  return { code: issue.code, path, message: issue.message, keys: issue.code === 'unrecognized_keys' ? issue.keys : undefined };
}

/** `CloseBraceExpected` → `close brace expected`. */
function words(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
