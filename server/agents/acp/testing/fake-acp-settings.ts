/**
 * The fake ACP agent's on/off settings (ACP `boolean` config options): with FAKE_ACP_SETTINGS set,
 * and only to a client that says it shows them (`session.configOptions.boolean`), each session
 * offers `brief` ("Brief answers", off) and `locked` ("Locked setting", off), which the agent
 * refuses to change. A prompt with "settings" makes it say how they stand
 * ("Fake agent settings: brief is on, locked is off"); one with "flip-brief" turns `brief` over
 * itself and tells the client with `config_option_update`.
 */
import { type ClientCapabilities, RequestError, type SessionConfigOption } from '@agentclientprotocol/sdk';

const values = new Map<string, { brief: boolean; locked: boolean }>();
let offered = false;

/** Whether sessions offer the settings, once the client has said what it supports. */
export function offerSettings(client: ClientCapabilities): void {
  offered = Boolean(process.env.FAKE_ACP_SETTINGS) && Boolean(client.session?.configOptions?.boolean);
}

export function settingOptions(sessionId: string): SessionConfigOption[] {
  if (!offered) return [];
  const current = values.get(sessionId) ?? { brief: false, locked: false };
  values.set(sessionId, current);
  return [
    { id: 'brief', name: 'Brief answers', description: 'Answer in one line', type: 'boolean', currentValue: current.brief },
    { id: 'locked', name: 'Locked setting', description: 'The agent refuses to change it', type: 'boolean', currentValue: current.locked },
  ];
}

/** Sets a setting the session offers; false when `configId` is none of them (the caller's own options). */
export function setSetting(request: { sessionId: string; configId: string; type?: string; value: unknown }): boolean {
  const current = values.get(request.sessionId);
  if (!offered || !current || (request.configId !== 'brief' && request.configId !== 'locked')) return false;
  if (request.type !== 'boolean' || typeof request.value !== 'boolean') {
    throw RequestError.invalidParams(undefined, `${request.configId} takes type "boolean" and a boolean value`);
  }
  if (request.configId === 'locked') throw RequestError.invalidParams(undefined, 'locked cannot be changed');
  process.stderr.write(`fake-acp: setting ${request.configId} ${request.value}\n`);
  current.brief = request.value;
  return true;
}

export function describeSettings(sessionId: string): string {
  const current = values.get(sessionId);
  if (!current) return 'Fake agent settings: none offered';
  return `Fake agent settings: brief is ${current.brief ? 'on' : 'off'}, locked is ${current.locked ? 'on' : 'off'}`;
}

/** Turns `brief` over, as an agent changing its own setting does; false when the session offers none. */
export function flipBrief(sessionId: string): boolean {
  const current = values.get(sessionId);
  if (!current) return false;
  current.brief = !current.brief;
  return true;
}
