/**
 * How long the shadow repository keeps a thread's checkpoints: the last `keepTurns` turns of each
 * thread (older ones are dropped, and marked so that a rewind there says its files are too old to
 * restore), none once the thread is deleted for good, and a fork's kept turns as its own (new refs
 * to the same commits: nothing is copied). What refs no longer name goes at the next garbage
 * collection (checkpoint-collector.ts).
 */
import { allThreadRefs, readThreadRefs, setPrunedMark, threadsWithRefs, turnRef, updateRefs } from './checkpoint-refs';
import type { ShadowGit } from './shadow-git';

/** Enough turns back for the rewinds people make; each kept turn costs only the files it changed. */
export const DEFAULT_KEEP_TURNS = 50;

export class CheckpointRetention {
  constructor(
    private readonly git: ShadowGit,
    readonly keepTurns = DEFAULT_KEEP_TURNS,
  ) {
    if (!Number.isInteger(keepTurns) || keepTurns < 1)
      throw new RangeError(`keepTurns must be a whole number of at least 1, not ${keepTurns}.`);
  }

  /** Drops the thread's checkpoints beyond the last `keepTurns` turns; true when any were dropped. */
  async cap(threadId: string): Promise<boolean> {
    const refs = await readThreadRefs(this.git, threadId);
    const dropped = refs.turns.slice(0, Math.max(0, refs.turns.length - this.keepTurns));
    const last = dropped.at(-1);
    if (!last) return false;
    const commands = dropped.flatMap((turn) =>
      (['start', 'end'] as const).filter((phase) => turn[phase]).map((phase) => `delete ${turnRef(threadId, turn.position, phase)}`),
    );
    commands.push(...(await setPrunedMark(this.git, threadId, refs, Math.max(last.position, refs.prunedThrough ?? -1))));
    await updateRefs(this.git, commands);
    return true;
  }

  /** Whether a rewind to `toEntry` removes a turn whose checkpoints the cap dropped. */
  async tooOldToRestore(threadId: string, toEntry: number): Promise<boolean> {
    const { prunedThrough } = await readThreadRefs(this.git, threadId);
    return prunedThrough !== undefined && toEntry <= prunedThrough;
  }

  /** Gives the fork the source's checkpoints of the turns it kept (those at or before `throughPosition`). */
  async copy(sourceId: string, forkId: string, throughPosition: number): Promise<void> {
    const source = await readThreadRefs(this.git, sourceId);
    const commands = source.turns
      .filter((turn) => turn.position <= throughPosition)
      .flatMap((turn) =>
        (['start', 'end'] as const).flatMap((phase) =>
          turn[phase] ? [`update ${turnRef(forkId, turn.position, phase)} ${turn[phase]}`] : [],
        ),
      );
    if (source.prunedThrough !== undefined) {
      commands.push(...(await setPrunedMark(this.git, forkId, { turns: [] }, Math.min(source.prunedThrough, throughPosition))));
    }
    await updateRefs(this.git, commands);
  }

  /** Drops every ref of the thread; true when it had any. */
  async forgetThread(threadId: string): Promise<boolean> {
    const refs = await allThreadRefs(this.git, threadId);
    await updateRefs(
      this.git,
      refs.map((ref) => `delete ${ref}`),
    );
    return refs.length > 0;
  }

  /** Drops the refs of every thread `exists` denies (deleted while the relay was down, or by another relay). */
  async forgetThreadsNotIn(exists: (threadId: string) => Promise<boolean>): Promise<string[]> {
    const forgotten: string[] = [];
    for (const threadId of await threadsWithRefs(this.git)) {
      if (await exists(threadId)) continue;
      await this.forgetThread(threadId);
      forgotten.push(threadId);
    }
    return forgotten;
  }
}
