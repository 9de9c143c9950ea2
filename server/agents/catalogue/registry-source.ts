/**
 * Where the agent catalogue comes from: the registry's address (config.json's `agentRegistryUrl`,
 * the public ACP registry by default), else the snapshot shipped with Baton, so that "Add agent"
 * works offline and when the address is wrong. Reading the list runs nothing.
 */
import { z } from 'zod';
import { type AgentRegistryFile, AgentRegistryFileSchema } from '../../../lib/protocol/agent-catalogue';
// Imported, not read at run time, so that the relay's one-file build carries it.
import snapshot from './registry-snapshot.json';

export const DEFAULT_AGENT_REGISTRY_URL = 'https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json';
/** The config key; an http(s) address. */
export const AgentRegistryUrlSettingSchema = z.object({ agentRegistryUrl: z.url({ protocol: /^https?$/ }).optional() });

/** A registry list is a few hundred kilobytes; more is not one. */
const MAX_REGISTRY_BYTES = 8 * 1024 * 1024;
/** A registry that does not answer in this long is treated as unreachable, and the snapshot used. */
const REGISTRY_WAIT_MS = 10_000;

export interface RegistryListing {
  registry: AgentRegistryFile;
  source: 'registry' | 'snapshot';
  registryProblem?: string;
}

function parseRegistry(text: string, where: string): AgentRegistryFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON`);
  }
  const parsed = AgentRegistryFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${where} is not an ACP agent registry: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

async function fetchRegistry(url: string): Promise<AgentRegistryFile> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REGISTRY_WAIT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_REGISTRY_BYTES) throw new Error(`${url} sent more than ${MAX_REGISTRY_BYTES} bytes`);
  return parseRegistry(text, url);
}

export function readSnapshot(): AgentRegistryFile {
  return parseRegistry(JSON.stringify(snapshot), 'the registry snapshot shipped with Baton');
}

export async function loadRegistry(url: string): Promise<RegistryListing> {
  try {
    return { registry: await fetchRegistry(url), source: 'registry' };
  } catch (error) {
    const problem =
      error instanceof Error ? (error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message) : String(error);
    return { registry: readSnapshot(), source: 'snapshot', registryProblem: problem };
  }
}
