/**
 * The model side of the streaming bench: the project's scripted Anthropic-compatible server,
 * answering every streamed request with N numbered text pieces (`p0 `, `p1 `, ...), as fast as it
 * can or paced at a given rate, noting when each piece leaves.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startScriptedModelServer, type ScriptedModelServer } from '../server/demo-model/scripted-model-server';

export interface StreamRun {
  pieces: number;
  /** Pieces per second; undefined streams as fast as the server can write. */
  rate?: number;
  /** The model's clock (performance.now() unless told otherwise) when piece i was handed to the socket. */
  sentAt: Float64Array;
  /** The model's clock when the streamed request for this run arrived (its body read); NaN before. */
  requestAt: number;
}

export interface StreamModel {
  server: ScriptedModelServer;
  /** The next streamed request answers this run. */
  prepare(pieces: number, rate?: number): StreamRun;
  close(): Promise<void>;
}

export function numberedText(pieces: number): string {
  let text = '';
  for (let index = 0; index < pieces; index += 1) text += `p${index} `;
  return text;
}

/** The piece number in a streamed text piece, or -1 for text that is not one. */
export function pieceIndex(text: string): number {
  const match = /^p(\d+) $/.exec(text);
  return match ? Number(match[1]) : -1;
}

export async function startStreamModel(clock: () => number = () => performance.now()): Promise<StreamModel> {
  let run: StreamRun = { pieces: 1, sentAt: new Float64Array(1), requestAt: Number.NaN };
  let text = numberedText(1);
  const server = await startScriptedModelServer({
    script: (request) => {
      // Only streamed requests are the measured answer; anything else gets a short reply.
      if (request.stream !== true) return { blocks: [{ type: 'text', text: 'ok' }] };
      const current = run;
      current.requestAt = clock();
      let startedAt = 0;
      return {
        blocks: [{ type: 'text', text }],
        beforeDelta: (index) => {
          if (index === 0) startedAt = performance.now();
          if (current.rate !== undefined) {
            const due = startedAt + (index * 1000) / current.rate;
            const wait = due - performance.now();
            if (wait >= 1) {
              return sleep(wait).then(() => {
                current.sentAt[index] = clock();
              });
            }
          }
          current.sentAt[index] = clock();
          return undefined;
        },
      };
    },
    // Each request carries the bench thread's whole history, which grows to a megabyte.
    keepRequests: false,
  });
  return {
    server,
    prepare(pieces, rate) {
      if (pieces !== run.pieces) text = numberedText(pieces);
      run = { pieces, rate, sentAt: new Float64Array(pieces), requestAt: Number.NaN };
      return run;
    },
    close: () => server.close(),
  };
}
