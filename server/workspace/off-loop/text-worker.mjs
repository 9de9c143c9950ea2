// The body of the worker thread that runs the text work whose cost the relay cannot bound (see
// off-loop-worker.ts): a regular expression the model wrote tested line by line (it may backtrack
// catastrophically), and the diff of two large texts. Plain JavaScript, so Node runs it as it is,
// with no TypeScript loader in the worker. One request at a time: { id, job }; one answer each:
// { id, value } or { id, error }.
import { parentPort } from 'node:worker_threads';
import { structuredPatch } from 'diff';

const jobs = {
  /** The 1-based numbers and text of the first `maxMatches` lines `source`/`flags` match. */
  grep({ source, flags, text, maxMatches }) {
    const regex = new RegExp(source, flags);
    const found = [];
    const lines = text.split('\n');
    for (let index = 0; index < lines.length && found.length < maxMatches; index += 1) {
      if (regex.test(lines[index])) found.push({ line: index + 1, text: lines[index] });
    }
    return found;
  },
  /** jsdiff's structured patch, or null when it takes longer than `timeoutMs`. */
  diff({ oldName, newName, before, after, context, timeoutMs }) {
    return structuredPatch(oldName, newName, before, after, undefined, undefined, { context, timeout: timeoutMs }) ?? null;
  },
};

parentPort.on('message', ({ id, job }) => {
  try {
    parentPort.postMessage({ id, value: jobs[job.kind](job) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
