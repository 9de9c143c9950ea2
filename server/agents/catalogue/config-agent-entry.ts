/**
 * Writes an installed agent into config.json's `agents` the way a user would, keeping every other
 * key of the file. The entry is checked with the same schema the relay reads the file with, so an
 * entry Baton writes is one it can start.
 */
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { type AgentEntry, AgentEntrySchema } from '../agents-config';
import { InstallError } from './run-installer';

async function readConfigObject(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new InstallError(`${file} is not a JSON object; the agent was not added`);
  return parsed as Record<string, unknown>;
}

/** The entry config.json holds under that name, if any (unchecked: the relay checked it at start). */
export async function configuredEntry(file: string, name: string): Promise<unknown> {
  const agents = (await readConfigObject(file)).agents;
  return typeof agents === 'object' && agents !== null ? (agents as Record<string, unknown>)[name] : undefined;
}

export async function writeAgentEntry(file: string, name: string, entry: AgentEntry): Promise<AgentEntry> {
  const parsed = AgentEntrySchema.safeParse(entry);
  if (!parsed.success)
    throw new InstallError(
      `the registry's entry for ${name} is not one Baton can run: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  const config = await readConfigObject(file);
  const agents = typeof config.agents === 'object' && config.agents !== null ? (config.agents as Record<string, unknown>) : {};
  config.agents = { ...agents, [name]: entry };
  // Written beside and renamed over, so that a crash leaves the old file or the new one, never half.
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return parsed.data;
}
