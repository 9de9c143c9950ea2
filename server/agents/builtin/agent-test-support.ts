/**
 * Test support for agent tests: a model script that answers with the given replies in order, one
 * per request (whatever the request says), then ends each turn with "Done.".
 */
import type { ModelScript, ScriptedReply } from '../../demo-model/scripted-reply';

export function scriptedSteps(...steps: ScriptedReply[]): ModelScript {
  let next = 0;
  return () => steps[next++] ?? say('Done.');
}

export function useTool(name: string, input: Record<string, unknown>): ScriptedReply {
  return { blocks: [{ type: 'tool_use', name, input }] };
}

export function say(text: string): ScriptedReply {
  return { blocks: [{ type: 'text', text }] };
}
