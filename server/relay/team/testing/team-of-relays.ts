/**
 * For the team tests: relays in this process on one fresh PostgreSQL database and one Redis
 * server, talking to one scripted model, each with a tab (a script client) connected. By default
 * the model answers every prompt with a text held half-way by a gate the test opens (heldAnswer). Call
 * `useTeamOfRelays` at the top of a describe block: it registers the hooks that start and stop it all.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectRelayClient, type RelayClient } from '../../../../e2e/support/relay-client';
import type { SequencedContentReceivedParams } from '../../../../lib/protocol/thread-events';
import { createGate, type Gate } from '../../../demo-model/testing/gate';
import type { ModelScript } from '../../../demo-model/scripted-reply';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../demo-model/scripted-model-server';
import { createTestDatabase, type TestDatabase } from '../../../store/testing/databases';
import type { RelayOptions } from '../../relay';
import { startTestRelay, type TestRelay } from '../../testing/relay-support';
import { startTemporaryRedis, type TemporaryRedis } from '../temporary-redis';

export const TEAM_ANSWER = 'One two three four five six seven eight nine ten.';

/** The default script: TEAM_ANSWER, held before its third piece until the test opens the gate. */
export function heldAnswer(gates: Gate[]): ModelScript {
  return () => {
    const gate = createGate();
    gates.push(gate);
    return { blocks: [{ type: 'text', text: TEAM_ANSWER }], beforeDelta: (index) => (index === 2 ? gate.promise : undefined) };
  };
}

export interface TeamMember {
  relay: TestRelay;
  /** A tab connected to this relay. */
  client: RelayClient;
  /** Every line the relay logged, in order. */
  logs: string[];
  /** Resolves once the relay logged a line that satisfies the predicate (bounded by the test's timeout). */
  logged(predicate: (line: string) => boolean): Promise<string>;
}

export interface TeamOfRelays {
  /** The gates of the default script's answers, one a prompt, oldest first. */
  readonly gates: Gate[];
  readonly model: ScriptedModelServer;
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** A relay of the team named `relayId` with a tab on it; both stopped after the test. */
  startMember(relayId: string, options?: { leaseMs?: number; extraAgents?: RelayOptions['extraAgents'] }): Promise<TeamMember>;
  /** Runs one statement on the team's database, as an operator (or a stalled relay's peer) would. */
  query<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>;
  /** The thread's lease as the database holds it. */
  leaseOf(threadId: string): Promise<{ relayId: string; fencing: string } | undefined>;
}

/** Whether a content belongs to the thread and satisfies the predicate. */
export const inThread =
  (threadId: string, predicate: (params: SequencedContentReceivedParams) => boolean) => (params: SequencedContentReceivedParams) =>
    params.chatId === threadId && predicate(params);

/** A piece of the assistant's answer. */
export const answers = (params: SequencedContentReceivedParams) => params.role === 'assistant' && params.content.type === 'text';

/** `script` makes the model's script from the gates the hooks open after each test; heldAnswer by default. */
export function useTeamOfRelays(token: string, script: (gates: Gate[]) => ModelScript = heldAnswer): TeamOfRelays {
  let database: TestDatabase;
  let redis: TemporaryRedis;
  let model: ScriptedModelServer;
  const gates: Gate[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgresql');
    redis = await startTemporaryRedis();
    model = await startScriptedModelServer({ script: script(gates) });
  });
  afterEach(async () => {
    for (const gate of gates) gate.open();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await model.close();
    await redis.stop();
    await database.drop();
  });

  const databaseUrl = () => {
    if (database.target.kind !== 'postgresql') throw new Error('a PostgreSQL database was asked for');
    return database.target.url;
  };

  async function query<Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      return (await client.query<Row>(sql, values)).rows;
    } finally {
      await client.end();
    }
  }

  return {
    gates,
    get model() {
      return model;
    },
    get databaseUrl() {
      return databaseUrl();
    },
    get redisUrl() {
      return redis.url;
    },
    query,
    async leaseOf(threadId) {
      const rows = await query<{ relayId: string; fencing: string }>(
        'SELECT "relayId", "fencing" FROM "ThreadLease" WHERE "threadId" = $1',
        [threadId],
      );
      return rows[0];
    },
    async startMember(relayId, options = {}) {
      const logs: string[] = [];
      const waiters = new Set<() => void>();
      const relay = await startTestRelay({
        token,
        databaseUrl: databaseUrl(),
        team: { redisUrl: redis.url, relayId, ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }) },
        env: { NODE_ENV: 'test', ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, BATON_MODEL: 'scripted' },
        log: (line) => {
          logs.push(line);
          for (const wake of [...waiters]) wake();
        },
        ...(options.extraAgents === undefined ? {} : { extraAgents: options.extraAgents }),
      });
      cleanups.push(() => relay.close());
      const client = await connectRelayClient({ origin: relay.origin, token });
      cleanups.push(() => client.close());
      const logged = (predicate: (line: string) => boolean) =>
        new Promise<string>((resolve) => {
          const check = () => {
            const line = logs.find(predicate);
            if (line === undefined) return;
            waiters.delete(check);
            resolve(line);
          };
          waiters.add(check);
          check();
        });
      return { relay, client, logs, logged };
    },
  };
}
