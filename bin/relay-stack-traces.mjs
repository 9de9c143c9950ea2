/**
 * Stack traces of the relay's bundle name the TypeScript sources (file, line, column) through the
 * source maps of its entry and chunks. Node's own `--enable-source-maps` reads the map of every
 * module it loads, the packages' too, and cost the start about a tenth of a second; here only the
 * bundle's maps are read, each when a stack that passes through its file is first formatted.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Maps the frames of `bundle` (a file path) and of the chunks in its folder (./relay-build.mjs)
 * in every stack formatted from now on; each file's map is read the first time a frame needs it.
 */
export function mapBundleStackTraces(bundle) {
  const buildFolder = path.dirname(bundle);
  const buildFolderUrl = `${pathToFileURL(buildFolder).href}/`;
  const maps = new Map();
  const original = (file, line, column) => {
    // A missing or unreadable map leaves the bundle's own positions: a stack must never fail to print.
    if (!maps.has(file)) maps.set(file, loadMap(`${file}.map`));
    const entry = maps.get(file)?.findEntry(line - 1, column - 1);
    if (!entry?.originalSource) return undefined;
    const source = path.resolve(path.dirname(file), entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  };
  const builtFile = (name) => {
    if (!name?.endsWith('.mjs')) return undefined;
    if (name.startsWith(buildFolderUrl)) return fileURLToPath(name);
    return name.startsWith(`${buildFolder}${path.sep}`) ? name : undefined;
  };
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = String(frame);
      const name = frame.getFileName();
      const file = builtFile(name);
      if (!file) return text;
      const mapped = original(file, frame.getLineNumber() ?? 0, frame.getColumnNumber() ?? 0);
      return mapped ? text.replace(`${name}:${frame.getLineNumber()}:${frame.getColumnNumber()}`, mapped) : text;
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
