/**
 * The names of the shadow repository's refs (shadow-git.ts), one folder per thread:
 * `refs/baton/<thread>/<position>/start|end` name a turn's checkpoints (the position being the
 * turn's user message), and `refs/baton/<thread>/pruned/<position>` records that the thread's
 * checkpoints up to that position were dropped for the cap (checkpoint-retention.ts), so that a
 * rewind that far back can say its files are too old to restore instead of restoring half of them.
 * Every change of a thread's refs is one `update-ref --stdin` transaction: all of it or nothing.
 */
import type { ShadowGit } from './shadow-git';

export type CheckpointPhase = 'start' | 'end';

export interface TurnRefs {
  position: number;
  start?: string;
  end?: string;
}

export interface ThreadRefs {
  /** By position, oldest first. */
  turns: TurnRefs[];
  /** The last position whose checkpoints the cap dropped; undefined when none were. */
  prunedThrough?: number;
}

const SAFE_COMPONENT = /^[A-Za-z0-9_-]+$/;
const REFS_ROOT = 'refs/baton/';

/** A thread id as one ref name component: as it is when it is safe there, else hex. */
function refComponent(threadId: string): string {
  return SAFE_COMPONENT.test(threadId) ? threadId : `x${Buffer.from(threadId, 'utf8').toString('hex')}`;
}

/** The thread id a ref component names; the inverse of refComponent (a safe id is never hex-encoded). */
function threadIdOf(component: string): string {
  if (/^x(?:[0-9a-f]{2})+$/.test(component)) {
    const decoded = Buffer.from(component.slice(1), 'hex').toString('utf8');
    if (!SAFE_COMPONENT.test(decoded) && refComponent(decoded) === component) return decoded;
  }
  return component;
}

export function threadRefPrefix(threadId: string): string {
  return `${REFS_ROOT}${refComponent(threadId)}/`;
}

export function turnRef(threadId: string, position: number, phase: CheckpointPhase): string {
  return `${threadRefPrefix(threadId)}${position}/${phase}`;
}

export function prunedRef(threadId: string, position: number): string {
  return `${threadRefPrefix(threadId)}pruned/${position}`;
}

async function listRefs(git: ShadowGit, prefix: string): Promise<Array<{ ref: string; object: string }>> {
  const lines = (await git.run(['for-each-ref', '--format=%(refname) %(objectname)', prefix])).toString('utf8').split('\n');
  return lines.flatMap((line) => {
    const [ref, object] = line.split(' ');
    return ref && object ? [{ ref, object }] : [];
  });
}

export async function readThreadRefs(git: ShadowGit, threadId: string): Promise<ThreadRefs> {
  const prefix = threadRefPrefix(threadId);
  const turns = new Map<number, TurnRefs>();
  let prunedThrough: number | undefined;
  for (const { ref, object } of await listRefs(git, prefix)) {
    const name = ref.slice(prefix.length);
    const pruned = name.match(/^pruned\/(\d+)$/);
    if (pruned) prunedThrough = Math.max(prunedThrough ?? -1, Number(pruned[1]));
    const match = name.match(/^(\d+)\/(start|end)$/);
    if (!match) continue;
    const position = Number(match[1]);
    const turn = turns.get(position) ?? { position };
    turn[match[2] as CheckpointPhase] = object;
    turns.set(position, turn);
  }
  return { turns: [...turns.values()].sort((a, b) => a.position - b.position), prunedThrough };
}

/** Every ref of the thread, checkpoints and marks alike. */
export async function allThreadRefs(git: ShadowGit, threadId: string): Promise<string[]> {
  return (await listRefs(git, threadRefPrefix(threadId))).map(({ ref }) => ref);
}

/** The threads that have any ref in the shadow repository. */
export async function threadsWithRefs(git: ShadowGit): Promise<string[]> {
  const threads = new Set<string>();
  for (const { ref } of await listRefs(git, REFS_ROOT)) {
    const component = ref.slice(REFS_ROOT.length).split('/')[0];
    if (component) threads.add(threadIdOf(component));
  }
  return [...threads];
}

/** One transaction of `update-ref --stdin` commands (`delete <ref>`, `update <ref> <object>`); none: nothing runs. */
export async function updateRefs(git: ShadowGit, commands: readonly string[]): Promise<void> {
  if (commands.length === 0) return;
  await git.run(['update-ref', '--stdin'], commands.map((command) => `${command}\n`).join(''));
}

/** The object a pruned mark points at: the empty blob, since a ref must name an object. */
export async function markObject(git: ShadowGit): Promise<string> {
  return (await git.run(['hash-object', '-w', '--stdin'], '')).toString('utf8').trim();
}

/** The commands that set the thread's pruned mark to `position` (none below 0: no mark). */
export async function setPrunedMark(git: ShadowGit, threadId: string, refs: ThreadRefs, position: number): Promise<string[]> {
  if (refs.prunedThrough === position) return [];
  const commands = refs.prunedThrough === undefined ? [] : [`delete ${prunedRef(threadId, refs.prunedThrough)}`];
  if (position >= 0) commands.push(`update ${prunedRef(threadId, position)} ${await markObject(git)}`);
  return commands;
}
