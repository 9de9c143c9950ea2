/**
 * Framing throughput: Baton's readers side by side with a baseline, in the same process, on the
 * same bytes, fed through the same kind of Node stream in 64 KiB reads (a pipe's usual read).
 * Content-Length is compared with vscode-jsonrpc's stream reader; vscode-jsonrpc has no NDJSON
 * reader, so NDJSON is compared with a plain `split('\n')` + `JSON.parse` loop.
 *
 * Part of `npm run bench` (bench/run-bench.ts). Figures vary by machine; the ratio is what to watch.
 */
import { Readable } from 'node:stream';
import { StreamMessageReader } from 'vscode-jsonrpc/node';
import { contentLengthFraming } from '../lib/rpc/framing/content-length-reader';
import type { MessageFraming } from '../lib/rpc/framing/message-framing';
import { ndjsonFraming } from '../lib/rpc/framing/ndjson-reader';

const READ_SIZE = 64 * 1024;
const WARM_UPS = 3;
const RUNS = 11;

interface Workload {
  label: string;
  messages: unknown[];
}

interface Contender {
  name: string;
  /** Reads the stream to its last message; resolves with the number of messages read. */
  read(stream: Readable, expected: number): Promise<number>;
}

function smallMessage(index: number): unknown {
  // About 100 bytes on the wire, with a multi-byte character, like a streamed chat chunk.
  return { jsonrpc: '2.0', method: 'chat/contentReceived', params: { chatId: 'c7', seq: index, text: 'hé, a token' } };
}

function largeMessage(index: number): unknown {
  const line = 'const answer = compute(input); // résumé ✓\n';
  const text = line.repeat(Math.ceil((64 * 1024) / (line.length + 4))).slice(0, 63 * 1024);
  return { jsonrpc: '2.0', id: index, result: { path: 'src/index.ts', text } };
}

const workloads: Workload[] = [
  { label: 'small', messages: Array.from({ length: 50_000 }, (_, index) => smallMessage(index)) },
  { label: 'large', messages: Array.from({ length: 256 }, (_, index) => largeMessage(index)) },
];

function batonReader(framing: MessageFraming): Contender {
  return {
    name: `Baton ${framing.name} reader`,
    read: (stream, expected) =>
      new Promise((resolve, reject) => {
        let count = 0;
        const reader = framing.createReader({
          onMessage: () => {
            if (++count === expected) resolve(count);
          },
          onError: reject,
        });
        stream.on('data', (chunk: Buffer) => reader.push(chunk));
      }),
  };
}

const vscodeReader: Contender = {
  name: 'vscode-jsonrpc StreamMessageReader',
  read: (stream, expected) =>
    new Promise((resolve, reject) => {
      let count = 0;
      const reader = new StreamMessageReader(stream);
      reader.onError(reject);
      reader.listen(() => {
        if (++count === expected) {
          reader.dispose();
          resolve(count);
        }
      });
    }),
};

const splitBaseline: Contender = {
  name: "split('\\n') + JSON.parse (no vscode-jsonrpc NDJSON reader exists)",
  read: (stream, expected) =>
    new Promise((resolve) => {
      let count = 0;
      let pending = '';
      const decoder = new TextDecoder();
      stream.on('data', (chunk: Buffer) => {
        const lines = (pending + decoder.decode(chunk, { stream: true })).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim() === '') continue;
          JSON.parse(line);
          if (++count === expected) resolve(count);
        }
      });
    }),
};

function encode(framing: MessageFraming, messages: unknown[]): Buffer {
  return Buffer.concat(messages.map((message) => framing.encode(message)));
}

function reads(wire: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < wire.length; offset += READ_SIZE) chunks.push(wire.subarray(offset, offset + READ_SIZE));
  return chunks;
}

async function timeOnce(contender: Contender, chunks: Buffer[], expected: number): Promise<number> {
  const stream = Readable.from(chunks, { objectMode: false });
  const start = performance.now();
  const count = await contender.read(stream, expected);
  const elapsed = performance.now() - start;
  if (count !== expected) throw new Error(`${contender.name} read ${count} of ${expected} messages`);
  return elapsed;
}

/**
 * Median times of both contenders. Their runs alternate, and which goes first alternates too,
 * so that a busy moment on the machine weighs on both alike.
 */
async function medianMs(contenders: [Contender, Contender], chunks: Buffer[], expected: number): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < WARM_UPS + RUNS; run++) {
    const order = run % 2 === 0 ? [0, 1] : [1, 0];
    for (const index of order) {
      const elapsed = await timeOnce(contenders[index as 0 | 1], chunks, expected);
      if (run >= WARM_UPS) times[index as 0 | 1].push(elapsed);
    }
  }
  return [median(times[0]), median(times[1])];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface Row {
  framing: string;
  workload: string;
  messages: number;
  megabytes: number;
  batonMs: number;
  baselineMs: number;
  baseline: string;
}

async function measure(framing: MessageFraming, baseline: Contender, workload: Workload): Promise<Row> {
  const wire = encode(framing, workload.messages);
  const chunks = reads(wire);
  const expected = workload.messages.length;
  const [batonMs, baselineMs] = await medianMs([batonReader(framing), baseline], chunks, expected);
  return {
    framing: framing.name,
    workload: `${workload.label} ~${describeSize(wire.length / expected)}`,
    messages: expected,
    megabytes: wire.length / 1e6,
    batonMs,
    baselineMs,
    baseline: baseline.name,
  };
}

function describeSize(bytes: number): string {
  return bytes < 1024 ? `${Math.round(bytes)} B` : `${Math.round(bytes / 1024)} KiB`;
}

function format(rows: Row[]): string {
  const header = ['framing', 'size', 'messages', 'MB', 'Baton MB/s', 'Baton msg/s', 'base MB/s', 'base msg/s', 'Baton/base'];
  const body = rows.map((row) => {
    const rate = (ms: number) => [(row.megabytes / (ms / 1000)).toFixed(1), Math.round(row.messages / (ms / 1000)).toLocaleString('en')];
    return [
      row.framing,
      row.workload,
      String(row.messages),
      row.megabytes.toFixed(1),
      ...rate(row.batonMs),
      ...rate(row.baselineMs),
      `${(row.baselineMs / row.batonMs).toFixed(2)}x`,
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

export async function framingBench(): Promise<void> {
  const rows: Row[] = [];
  for (const workload of workloads) rows.push(await measure(contentLengthFraming, vscodeReader, workload));
  for (const workload of workloads) rows.push(await measure(ndjsonFraming, splitBaseline, workload));
  console.log(
    `\n== 0. Framing throughput, Node ${process.version}: median of ${RUNS} runs after ${WARM_UPS} warm-ups, ${READ_SIZE / 1024} KiB reads from a Node stream.`,
  );
  console.log(
    "Baselines: content-length = vscode-jsonrpc StreamMessageReader; ndjson = split('\\n') + JSON.parse (vscode-jsonrpc has no NDJSON reader).",
  );
  console.log('Baton/base is throughput relative to the baseline: above 1.00x Baton is faster.\n');
  console.log(format(rows));
}
