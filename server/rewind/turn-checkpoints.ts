/**
 * Which turns get workspace checkpoints, and the rewind's use of them. Only the turns of agents
 * that write files themselves (ECA, Autohand, Emacs-Agent) get them: the built-in agent's writes
 * and an ACP agent's `fs/write_text_file` pass through Baton and are kept by FileHistory.
 * A checkpoint that fails (no git on the machine, a full disk) is logged and the turn goes on: a
 * rewind then restores what it can and its preview lists only what it knows.
 */
import path from 'node:path';
import type { AgentRegistry } from '../agents/agent-registry';
import type { AgentEntry } from '../agents/agents-config';
import type { Workspace } from '../workspace/workspace';
import type { RewindConflict, RewindFile } from '../../lib/protocol/thread-rewind';
import type { RestorePlan } from './file-history';
import { CheckpointCollector, type CollectorOptions } from './checkpoint-collector';
import { CheckpointRestore, type RestoreOptions } from './checkpoint-restore';
import { CheckpointRetention } from './checkpoint-retention';
import type { RestoreGuard } from './restore-writes';
import type { TurnCheckpointHooks } from '../hub/turn-hooks';
import { ShadowGit } from './shadow-git';
import { type CheckpointPhase, WorkspaceCheckpoints } from './workspace-checkpoints';

/** Agents whose protocol lets them change the workspace without asking Baton to write. */
export const SELF_WRITING_AGENT_KINDS: ReadonlySet<AgentEntry['kind']> = new Set(['eca', 'autohand', 'emacs-agent']);

export class TurnCheckpoints implements TurnCheckpointHooks {
  /** Work done after the fact (the cap, the sweep of deleted threads): a close waits for it. */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly checkpoints: WorkspaceCheckpoints,
    private readonly restorer: CheckpointRestore,
    /** Whether the named configured agent's turns get checkpoints. */
    private readonly wanted: (agent: string) => boolean,
    private readonly log: (message: string) => void,
    private readonly retention = new CheckpointRetention(checkpoints.git),
    private readonly collector = new CheckpointCollector(checkpoints.git, { log }),
  ) {}

  /**
   * Takes the start checkpoint of a turn whose user message stands at `position`, when its agent
   * gets checkpoints; resolves to what takes the end checkpoint once the turn is over.
   */
  async begin(threadId: string, agent: string, position: number): Promise<(() => Promise<void>) | undefined> {
    if (!this.wanted(agent)) return undefined;
    await this.take(threadId, position, 'start');
    // The agent starts meanwhile; the turn's end (its checkpoint, then its `finished`) follows the cap.
    const capping = this.inBackground(`cap the checkpoints of thread ${threadId}`, async () => {
      if (await this.retention.cap(threadId)) this.collector.request();
    });
    return async () => {
      await capping;
      await this.take(threadId, position, 'end');
    };
  }

  /** Whether a rewind to `toEntry` removes turns too old for their files to be restored (their checkpoints were capped). */
  tooOldToRestore(threadId: string, toEntry: number): Promise<boolean> {
    return this.retention.tooOldToRestore(threadId, toEntry);
  }

  plan(threadId: string, toEntry: number, guard?: RestoreGuard): Promise<RestorePlan> {
    return this.restorer.plan(threadId, toEntry, guard);
  }

  restore(threadId: string, toEntry: number, options: RestoreOptions): Promise<{ restored: RewindFile[]; conflicts: RewindConflict[] }> {
    return this.restorer.restore(threadId, toEntry, options);
  }

  /** The removed turns' checkpoints go with them, whether their files were restored or not. */
  async forget(threadId: string, fromEntry: number): Promise<void> {
    await this.checkpoints.forget(threadId, fromEntry);
    this.collector.request();
  }

  /** A fork at `atEntry` can rewind its kept turns with their files, as the source could. */
  async forked(sourceId: string, forkId: string, atEntry: number): Promise<void> {
    try {
      await this.retention.copy(sourceId, forkId, atEntry);
    } catch (error) {
      // The fork stands; a rewind in it then finds no checkpoints and restores no files of those turns.
      this.log(`could not give fork ${forkId} the checkpoints of thread ${sourceId}: ${String(error)}`);
    }
  }

  /** The thread was deleted for good: its checkpoints go (a deletion that can still be undone keeps them). */
  async threadDeleted(threadId: string): Promise<void> {
    try {
      if (await this.retention.forgetThread(threadId)) this.collector.request();
    } catch (error) {
      this.log(`could not drop the checkpoints of deleted thread ${threadId} (the next start drops them): ${String(error)}`);
    }
  }

  /** Drops, in the background, the checkpoints of threads deleted while the relay was down or by another relay. */
  sweepDeletedThreads(exists: (threadId: string) => Promise<boolean>): void {
    this.inBackground('drop the checkpoints of deleted threads', async () => {
      // No repository, no checkpoints: nothing to look at, and no git to run where there is none.
      if (!(await this.checkpoints.git.exists())) return;
      if ((await this.retention.forgetThreadsNotIn(exists)).length > 0) this.collector.request();
    });
  }

  /** Waits for the work under way; a collection not yet begun is let go (the next start asks again). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.background]);
    await this.collector.close();
  }

  /** Resolves once the work is over, however it ended (a failure is logged). */
  private inBackground(what: string, work: () => Promise<void>): Promise<void> {
    const running = work().catch((error: unknown) =>
      this.log(`could not ${what}: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.background.add(running);
    void running.finally(() => this.background.delete(running));
    return running;
  }

  private async take(threadId: string, position: number, phase: CheckpointPhase): Promise<void> {
    try {
      const { skipped } = await this.checkpoints.take(threadId, position, phase);
      if (skipped.length > 0)
        this.log(
          `checkpoint of thread ${threadId}: left out ${skipped.length} file(s) over the size limit (${skipped.map((file) => file.path).join(', ')})`,
        );
    } catch (error) {
      this.log(
        `could not take the ${phase} checkpoint of a turn in thread ${threadId}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** The relay's checkpoints: the shadow repository in Baton's data folder, for the agents that write themselves. */
export function relayTurnCheckpoints(options: {
  dataDir: string;
  workspace: Workspace;
  agents: AgentRegistry;
  log: (message: string) => void;
  /** How many of each thread's last turns keep their checkpoints (checkpoint-retention.ts). */
  keepTurns?: number;
  collector?: CollectorOptions;
}): TurnCheckpoints {
  const { dataDir, workspace, agents, log } = options;
  const git = new ShadowGit(path.join(dataDir, 'workspace-checkpoints.git'), workspace.root, [dataDir]);
  const checkpoints = new WorkspaceCheckpoints(git);
  const wanted = (agent: string) => {
    const kind = agents.kindOf(agent);
    return kind !== undefined && SELF_WRITING_AGENT_KINDS.has(kind);
  };
  return new TurnCheckpoints(
    checkpoints,
    new CheckpointRestore(checkpoints, workspace),
    wanted,
    log,
    new CheckpointRetention(git, options.keepTurns),
    new CheckpointCollector(git, { log, ...options.collector }),
  );
}
