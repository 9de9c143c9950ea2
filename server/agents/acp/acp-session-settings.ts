/**
 * An on/off setting of a thread's ACP session: `session/set_config_option` with `type: "boolean"`
 * (https://agentclientprotocol.com/protocol/session-config-options#setting-a-config-option).
 * The agent answers with every config option as they now stand, and that answer is what Baton
 * shows: it may refuse the change, or change other options with it.
 */
import type { AgentSetting } from '../../../lib/protocol/agents';
import { describe, untilGone } from './acp-live-agent';
import { SessionChoicesResponseSchema } from './acp-session-choices';
import type { ThreadSession } from './acp-thread-sessions';

/** An agent that does not answer in this time is given up on (the request is cancelled). */
const SET_SETTING_TIMEOUT_MS = 30_000;

export async function setSessionSetting(
  agentName: string,
  session: ThreadSession | undefined,
  settingId: string,
  value: boolean,
): Promise<AgentSetting[]> {
  // A session opens with the thread's first prompt; the settings shown before it are another thread's.
  if (!session || session.live.isGone()) {
    throw new Error(`${agentName} has no session for this thread yet: send a message first, then change its settings.`);
  }
  if (!session.choices.settings.some((setting) => setting.id === settingId)) {
    throw new Error(`${agentName} offers no on/off setting "${settingId}" in this thread.`);
  }
  const { live, sessionId } = session;
  let answer: unknown;
  try {
    answer = await untilGone(
      live,
      live.connection.request(
        'session/set_config_option',
        { sessionId, configId: settingId, type: 'boolean', value },
        { cancellationSignal: AbortSignal.timeout(SET_SETTING_TIMEOUT_MS) },
      ),
    );
  } catch (error) {
    throw new Error(`${agentName} did not change "${settingId}": ${describe(error)}`, { cause: error });
  }
  const options = SessionChoicesResponseSchema.safeParse(answer ?? {});
  // An answer without its options (the schema requires them) leaves what was known as it was.
  if (options.success && options.data.configOptions) {
    session.choices.setConfigOptions(options.data.configOptions.flatMap((option) => (option ? [option] : [])));
  }
  return session.choices.settings;
}
