/**
 * A relay of a team keeps a thread's lease while anything it does to the thread is under way: a
 * hand-over that began as the thread's turn was ending (the turn no longer running, its last
 * record not yet stored) is made under the lease, which is let go once the hand-over is stored,
 * not when the turn ends under it (another relay could take the thread and run a turn beside the
 * hand-over then). On a real PostgreSQL store and real leases; the turn's end and the hand-over are
 * held at chosen points by gates.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SequencedContentReceivedParams } from '../../../lib/protocol/thread-events';
import type { AgentBackend, AgentTurn } from '../../agents/agent-backend';
import { AgentRegistry } from '../../agents/agent-registry';
import type { AgentEntry } from '../../agents/agents-config';
import { createGate } from '../../demo-model/testing/gate';
import { ThreadHub } from '../../hub/thread-hub';
import type { ThreadOwnership } from '../../hub/thread-ownership';
import { openThreadStore } from '../../store/prisma-thread-store';
import { createTestDatabase, type TestDatabase } from '../../store/testing/databases';
import type { ThreadStore } from '../../store/thread-store';
import { ThreadLeases } from './thread-leases';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('postgresql');
});
afterAll(() => database.drop());

/** A promise and the function that resolves it. */
function signal<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Answers one line; letting the thread go (a hand-over's first step) waits for `closing` to be let through. */
class OneLineAgent implements AgentBackend {
  readonly info = { name: 'One line', model: 'm', offlineDemo: false };
  constructor(private readonly closing?: { reached: () => void; passage: Promise<void> }) {}
  async runTurn(turn: AgentTurn): Promise<void> {
    await turn.emit({ type: 'text', text: 'Done.' });
  }
  async closeThread(): Promise<void> {
    this.closing?.reached();
    await this.closing?.passage;
  }
  async close(): Promise<void> {}
}

it('keeps the lease through a hand-over that began as the turn was ending, and lets it go once the hand-over is stored', async () => {
  if (database.target.kind !== 'postgresql') throw new Error('a PostgreSQL database was asked for');
  const order: string[] = [];
  const store = await openThreadStore({ database: database.target });
  const leases = new ThreadLeases(database.target.url, 'relay-a', () => undefined, 60_000);
  const other = new ThreadLeases(database.target.url, 'relay-b', () => undefined, 60_000);
  try {
    // The turn's last record (its end) waits at the store until the test lets it through.
    const turnEnding = signal();
    const endPassage = createGate();
    const heldStore = new Proxy(store, {
      get(target, property) {
        if (property === 'appendEvents') {
          return async (...args: Parameters<ThreadStore['appendEvents']>) => {
            if (args[1].events.some(({ content }) => content.type === 'progress' && content.state === 'finished')) {
              turnEnding.resolve();
              await endPassage.promise;
            }
            return target.appendEvents(...args);
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    // The real leases, noting when a holding is let go.
    const ownership: ThreadOwnership = {
      relayId: leases.relayId,
      holderElsewhere: (threadId) => leases.holderElsewhere(threadId),
      take: async (threadId) => {
        const outcome = await leases.take(threadId);
        if (outcome.kind !== 'taken') return outcome;
        const { holding } = outcome;
        return {
          kind: 'taken',
          holding: {
            fencing: holding.fencing,
            takenOverFrom: holding.takenOverFrom,
            onLost: (lost) => holding.onLost(lost),
            release: async () => {
              order.push('lease let go');
              await holding.release();
            },
          },
        };
      },
    };
    const closing = signal();
    const closePassage = createGate();
    const builtin = new OneLineAgent({ reached: closing.resolve, passage: closePassage.promise });
    const agents = new AgentRegistry({
      entries: new Map<string, AgentEntry>([
        ['builtin', { kind: 'builtin' }],
        ['other', { kind: 'acp', command: 'other', args: [], env: {}, passEnv: [] }],
      ]),
      defaultAgent: 'builtin',
      builtin,
      context: { workspace: undefined as never, env: {}, policy: undefined as never, log: () => undefined },
      factories: { acp: () => new OneLineAgent() },
    });
    const turnEnded = signal();
    const broadcast = (_threadId: string, { content }: SequencedContentReceivedParams) => {
      if (content.type === 'handOver') order.push('hand-over stored');
      if (content.type === 'progress' && content.state === 'finished') turnEnded.resolve();
    };
    const hub = new ThreadHub({ store: heldStore, agents, broadcast, log: () => undefined, ownership });
    const { id } = await hub.createThread();

    // The prompt resolves once its title is stored, which may wait behind the turn's end.
    const prompting = hub.prompt(id, 'hello');
    await turnEnding.promise;
    // The turn runs no more (its end is being stored): a hand-over may begin, and waits half-way.
    const handingOver = hub.handOver(id, 'other');
    await closing.promise;
    endPassage.open();
    await prompting;
    await turnEnded.promise;
    expect(await other.take(id)).toEqual({ kind: 'elsewhere', relayId: 'relay-a' });
    closePassage.open();
    await handingOver;

    expect(order).toEqual(['hand-over stored', 'lease let go']);
    expect((await hub.getEntries(id)).at(-1)).toEqual({ type: 'handOver', from: 'builtin', to: 'other' });
    expect(await other.take(id)).toMatchObject({ kind: 'taken', holding: { fencing: 2n } });
    await hub.close();
  } finally {
    await leases.close();
    await other.close();
    await store.close();
  }
});
