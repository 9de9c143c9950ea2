/**
 * Stack traces of the relay's bundle name the TypeScript sources (file, line, column) through the
 * bundle's source map. Node's own `--enable-source-maps` reads the map of every module it loads,
 * the packages' too, and cost the start about a tenth of a second; here only the bundle's map is
 * read, and only when a stack that passes through the bundle is first formatted.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Maps the frames of `bundle` (a file path) in every stack formatted from now on. */
export function mapBundleStackTraces(bundle) {
  const bundleUrl = pathToFileURL(bundle).href;
  const mapFolder = path.dirname(bundle);
  let sourceMap;
  const original = (line, column) => {
    // A missing or unreadable map leaves the bundle's own positions: a stack must never fail to print.
    sourceMap ??= loadMap(`${bundle}.map`);
    const entry = sourceMap?.findEntry(line - 1, column - 1);
    if (!entry?.originalSource) return undefined;
    const file = path.resolve(mapFolder, entry.originalSource);
    return `${file}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  };
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = String(frame);
      const file = frame.getFileName();
      if (file !== bundleUrl && file !== bundle) return text;
      const mapped = original(frame.getLineNumber() ?? 0, frame.getColumnNumber() ?? 0);
      return mapped ? text.replace(`${file}:${frame.getLineNumber()}:${frame.getColumnNumber()}`, mapped) : text;
    });
    return [headerOf(error), ...lines.map((line) => `    at ${line}`)].join('\n');
  };
}

function loadMap(file) {
  try {
    return new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

function headerOf(error) {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return 'Error';
  }
}
