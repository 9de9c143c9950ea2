/**
 * The ACP agent registry (its `registry.json`, the list ACP clients offer) and Baton's two methods
 * over it: `agents/catalogue` lists its agents with what this machine can install and what is
 * installed already, `agents/install` installs one at the registry's version. The registry's own
 * shapes are loose objects: a field the registry adds later is kept, never a reason to refuse it.
 */
import { z } from 'zod';
import { AgentNameSchema } from './agents';

const EnvSchema = z.record(z.string(), z.string());

export const PackageDistributionSchema = z.looseObject({
  package: z.string().min(1),
  /** The package's program to run, when it is not the package's only (or same-named) one; checked at install. */
  cmd: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: EnvSchema.optional(),
});
export type PackageDistribution = z.infer<typeof PackageDistributionSchema>;

export const BinaryTargetSchema = z.looseObject({
  archive: z.url({ protocol: /^https?$/ }),
  cmd: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: EnvSchema.optional(),
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'a sha256 is 64 hex digits')
    .optional(),
});
export type BinaryTarget = z.infer<typeof BinaryTargetSchema>;

export const PLATFORM_KEYS = [
  'darwin-aarch64',
  'darwin-x86_64',
  'linux-aarch64',
  'linux-x86_64',
  'windows-aarch64',
  'windows-x86_64',
] as const;

export const RegistryAgentSchema = z.looseObject({
  /** Also the agent's name in config.json, so it must be one. */
  id: AgentNameSchema,
  name: z.string().min(1),
  version: z.string().min(1),
  description: z.string().default(''),
  repository: z.string().optional(),
  authors: z.array(z.string()).optional(),
  license: z.string().optional(),
  icon: z.string().optional(),
  distribution: z.looseObject({
    npx: PackageDistributionSchema.optional(),
    uvx: PackageDistributionSchema.optional(),
    binary: z.record(z.string(), BinaryTargetSchema).optional(),
  }),
});
export type RegistryAgent = z.infer<typeof RegistryAgentSchema>;

export const AgentRegistryFileSchema = z.looseObject({
  version: z.string(),
  agents: z.array(RegistryAgentSchema),
});
export type AgentRegistryFile = z.infer<typeof AgentRegistryFileSchema>;

export const DistributionKindSchema = z.enum(['npx', 'uvx', 'binary']);
export type DistributionKind = z.infer<typeof DistributionKindSchema>;

export const CatalogueAgentSchema = z.object({
  id: AgentNameSchema,
  name: z.string(),
  version: z.string(),
  description: z.string(),
  repository: z.string().optional(),
  license: z.string().optional(),
  /** The distributions this machine can install, in the order Baton prefers them; empty: none fits. */
  installable: z.array(DistributionKindSchema),
  /** The version installed by Baton, when it is. */
  installedVersion: z.string().optional(),
  /** Installed at another version than the registry's: `agents/install` would update it. */
  updateOffered: z.boolean(),
  /** An agent of that name is configured by hand (not installed by Baton): installing would not replace it. */
  configuredByHand: z.boolean(),
});
export type CatalogueAgent = z.infer<typeof CatalogueAgentSchema>;

export const AgentsCatalogueResultSchema = z.object({
  agents: z.array(CatalogueAgentSchema),
  /** Where the list came from: the configured address, or the snapshot shipped with Baton. */
  source: z.enum(['registry', 'snapshot']),
  /** Why the registry's address was not used, when the snapshot was. */
  registryProblem: z.string().optional(),
});
export type AgentsCatalogueResult = z.infer<typeof AgentsCatalogueResultSchema>;

export const AgentsInstallParamsSchema = z.object({ id: AgentNameSchema });
export const AgentsInstallResultSchema = z.object({
  id: AgentNameSchema,
  version: z.string(),
  distribution: DistributionKindSchema,
  /** False when that version was installed already: nothing was done. */
  installed: z.boolean(),
});
export type AgentsInstallResult = z.infer<typeof AgentsInstallResultSchema>;

/**
 * `agents/installProgress`, relay to tab, while an `agents/install` it asked for runs: the
 * download's bytes (its total when the server gave one), then unpacking an archive or the package
 * manager (npm, uv) at work.
 */
export const AgentsInstallProgressSchema = z.object({
  id: AgentNameSchema,
  stage: z.enum(['downloading', 'unpacking', 'installing']),
  receivedBytes: z.number().int().nonnegative().optional(),
  totalBytes: z.number().int().positive().optional(),
  /** For `installing`: the package manager at work. */
  installer: z.enum(['npm', 'uv']).optional(),
});
export type AgentsInstallProgress = z.infer<typeof AgentsInstallProgressSchema>;

export const agentCatalogueNotifications = {
  'agents/installProgress': AgentsInstallProgressSchema,
} as const;

export const agentCatalogueRequests = {
  'agents/catalogue': { params: z.object({}).optional(), result: AgentsCatalogueResultSchema },
  'agents/install': { params: AgentsInstallParamsSchema, result: AgentsInstallResultSchema },
} as const;
