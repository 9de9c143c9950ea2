/**
 * The inbox's "seen" marks, kept in `<data-dir>/inbox.json` so that a relay restart keeps listing a
 * turn that ended while no tab had its thread open, until one opens it: the inbox's questions come
 * back with the threads' own contents, its unseen ends would not. The file is a convenience, not a
 * record: one that cannot be read or is not Baton's is told in the log and the inbox starts empty,
 * since losing the marks costs the user a listing, never a thread.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ThreadIdSchema } from '../../lib/protocol/thread-model';
import { TurnOutcomeSchema } from '../../lib/protocol/thread-review';
import { writePrivateFile } from '../store/private-file';

export const INBOX_FILE = 'inbox.json';
const MAX_FILE_BYTES = 4 * 1024 * 1024;

const TurnEndSchema = z.object({ outcome: TurnOutcomeSchema, at: z.iso.datetime() });
/** How a turn ended that no tab has seen since. */
export type TurnEnd = z.infer<typeof TurnEndSchema>;
const InboxFileSchema = z.object({ unseen: z.record(ThreadIdSchema, TurnEndSchema) });

export class UnseenEndsFile {
  private writes: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly file: string,
    private readonly log: (message: string) => void,
  ) {}

  /** The file, and the unseen ends it holds (none when it cannot be trusted, which is logged). */
  static async open(dataDir: string, log: (message: string) => void): Promise<{ file: UnseenEndsFile; unseen: Map<string, TurnEnd> }> {
    const file = path.join(dataDir, INBOX_FILE);
    const unseen = await readUnseen(file).catch((error: unknown) => {
      log(`the inbox's unseen turns start empty: ${error instanceof Error ? error.message : String(error)}`);
      return new Map<string, TurnEnd>();
    });
    return { file: new UnseenEndsFile(file, log), unseen };
  }

  /** Writes the ends as they stand now, after the writes before it; nothing once closed. */
  save(unseen: ReadonlyMap<string, TurnEnd>): void {
    if (this.closed) return;
    const text = `${JSON.stringify({ unseen: Object.fromEntries(unseen) }, null, 2)}\n`;
    this.writes = this.writes
      .then(() => writePrivateFile(this.file, text))
      .catch((error: unknown) => this.log(`could not keep the inbox's unseen turns in ${this.file}: ${String(error)}`));
  }

  /**
   * Takes no more saves, and resolves once every save so far is written (or its failure logged).
   * A turn the closing relay stops itself may end after: it is no news for the inbox, and a write
   * then could land in a data folder already being removed.
   */
  close(): Promise<void> {
    this.closed = true;
    return this.writes;
  }
}

async function readUnseen(file: string): Promise<Map<string, TurnEnd>> {
  // No link followed, and no wait for a writer should it be a FIFO.
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw new Error(`${file} could not be read (${error.code ?? error.message})`);
    },
  );
  if (!handle) return new Map();
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_FILE_BYTES) throw new Error(`${file} is not a file Baton wrote`);
    const parsed = InboxFileSchema.safeParse(parseJson(await handle.readFile('utf8')));
    if (!parsed.success) throw new Error(`${file} does not hold the inbox's unseen turns`);
    return new Map(Object.entries(parsed.data.unseen));
  } finally {
    await handle.close();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the schema check refuses it.
    return undefined;
  }
}
