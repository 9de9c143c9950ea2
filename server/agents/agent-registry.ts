/**
 * The configured agents, by name: the built-in one (made at start-up, since the relay's tool
 * servers and the demo banner come from it) and the external ones, each made on first use and
 * then shared by every thread bound to it. What the browser learns of them is `describeAgents`.
 */
import type { AgentDescription } from '../../lib/protocol/agents';
import { BUILTIN_AGENT_NAME } from '../../lib/protocol/agents';
import { RelayError } from '../../lib/rpc/relay-error';
import { type AgentBackend, AgentUnavailableError } from './agent-backend';
import type { AgentEntry } from './agents-config';
import { agentFactories } from './agent-factories';
import type { AgentFactory, AgentFactoryContext } from './agent-factory';
import { offeredModels } from './turn-choices';

export class UnknownAgentError extends RelayError<'unknown-agent'> {
  override readonly name = 'UnknownAgentError';
  constructor(agent: string, known: readonly string[]) {
    super('unknown-agent', `There is no agent named ${JSON.stringify(agent)}; the configured agents are ${known.join(', ')}.`);
  }
}

const KIND_LABELS: Record<AgentEntry['kind'], string> = {
  builtin: 'Built-in agent',
  eca: 'ECA',
  autohand: 'Autohand',
  'emacs-agent': 'Emacs-Agent',
  acp: 'ACP',
};

export interface AgentRegistryOptions {
  entries: ReadonlyMap<string, AgentEntry>;
  defaultAgent: string;
  builtin: AgentBackend;
  /** What external agents are made with; a registry without it has the built-in agent alone. */
  context?: Omit<AgentFactoryContext, 'name'>;
  /** For tests: adapters other than the project's own table. */
  factories?: typeof agentFactories;
}

export class AgentRegistry {
  private readonly backends = new Map<string, Promise<AgentBackend>>();
  /** The configured agents; grows when an agent is installed from the catalogue. */
  private readonly entries: Map<string, AgentEntry>;
  private readonly changeListeners = new Set<() => void>();
  private readonly startListeners = new Set<(name: string, backend: AgentBackend) => void>();
  /** The backends that have started, for what must reach every tab (their tool servers). */
  private readonly running = new Map<string, AgentBackend>();

  constructor(private readonly options: AgentRegistryOptions) {
    this.entries = new Map(options.entries);
    this.backends.set(BUILTIN_AGENT_NAME, Promise.resolve(options.builtin));
    this.running.set(BUILTIN_AGENT_NAME, options.builtin);
    options.builtin.onInfoChanged?.(() => this.changed());
  }

  /** The built-in agent alone (the ECA stdio server, tests of the hub). */
  static builtinOnly(builtin: AgentBackend): AgentRegistry {
    return new AgentRegistry({
      entries: new Map([[BUILTIN_AGENT_NAME, { kind: 'builtin' }]]),
      defaultAgent: BUILTIN_AGENT_NAME,
      builtin,
    });
  }

  get defaultAgent(): string {
    return this.options.defaultAgent;
  }

  get builtin(): AgentBackend {
    return this.options.builtin;
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The kind of the configured agent of that name (undefined: none is configured). */
  kindOf(name: string): AgentEntry['kind'] | undefined {
    return this.entries.get(name)?.kind;
  }

  /** Throws UnknownAgentError for a name that is not configured. */
  assertKnown(name: string): void {
    if (!this.entries.has(name)) throw new UnknownAgentError(name, this.names());
  }

  /** The agent's backend, started on first use; a failed start is retried by the next caller. */
  get(name: string): Promise<AgentBackend> {
    this.assertKnown(name);
    let backend = this.backends.get(name);
    if (!backend) {
      backend = this.create(name, this.entries.get(name)!);
      this.backends.set(name, backend);
      backend.then(
        (created) => {
          this.running.set(name, created);
          created.onInfoChanged?.(() => this.changed());
          for (const listener of this.startListeners) listener(name, created);
          this.changed();
        },
        () => this.backends.delete(name),
      );
    }
    return backend;
  }

  /**
   * Offers an agent just written into config.json (an install from the catalogue) without a
   * restart. An agent already started keeps running as it was until the relay restarts.
   */
  configure(name: string, entry: AgentEntry): void {
    this.entries.set(name, entry);
    this.changed();
  }

  /** Told when an agent's description changes (an agent that reports its models once it runs). */
  onChanged(listener: () => void): void {
    this.changeListeners.add(listener);
  }

  /** Told of each agent whose backend starts (the built-in one has, before any listener). */
  onStarted(listener: (name: string, backend: AgentBackend) => void): void {
    this.startListeners.add(listener);
  }

  /** The agents started so far, by name. */
  startedBackends(): ReadonlyMap<string, AgentBackend> {
    return this.running;
  }

  /** Every agent as the browser sees it; an agent not started yet is described from its config. */
  async describe(): Promise<AgentDescription[]> {
    const descriptions: AgentDescription[] = [];
    for (const [name, entry] of this.entries) {
      const started = this.backends.get(name);
      // An agent whose start failed is described from its config; its turn already said why.
      const backend = started ? await started.catch(() => undefined) : undefined;
      descriptions.push(describeAgent(name, entry, backend));
    }
    return descriptions;
  }

  async close(): Promise<void> {
    const started = [...this.backends.values()];
    this.backends.clear();
    this.running.clear();
    await Promise.allSettled(started.map(async (backend) => (await backend).close()));
  }

  private async create(name: string, entry: AgentEntry): Promise<AgentBackend> {
    if (entry.kind === 'builtin') return this.options.builtin;
    const factory = (this.options.factories ?? agentFactories)[entry.kind] as AgentFactory | undefined;
    const { context } = this.options;
    if (!factory || !context) throw new AgentUnavailableError(`Baton cannot drive ${KIND_LABELS[entry.kind]} agents yet (${name}).`);
    return factory(entry, { ...context, name });
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }
}

function describeAgent(name: string, entry: AgentEntry, backend: AgentBackend | undefined): AgentDescription {
  const info = backend?.info;
  const builtin = entry.kind === 'builtin';
  const label = entry.label ?? (builtin ? (info?.name ?? KIND_LABELS.builtin) : `${name} (${KIND_LABELS[entry.kind]})`);
  return {
    name,
    label,
    kind: entry.kind,
    offlineDemo: info?.offlineDemo ?? false,
    models: info ? offeredModels(info).filter((model) => model !== '') : [],
    defaultModel: info?.model || undefined,
    behaviors: [...(info?.behaviors ?? (builtin ? ['agent', 'plan'] : []))],
    defaultBehavior: info?.behaviors?.[0] ?? (builtin ? 'agent' : undefined),
    ...(info?.settings?.length ? { settings: [...info.settings] } : {}),
    capabilities: {
      contexts: builtin,
      commands: builtin,
      toolServers: builtin,
      sessionApproval: true,
      // The built-in agent takes a steer message at its next model request (AgentTurn.takeSteering).
      steering: builtin,
      ...info?.capabilities,
    },
    ...(info?.support ? { support: info.support } : {}),
  };
}
