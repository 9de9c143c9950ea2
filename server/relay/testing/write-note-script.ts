/**
 * The scripted model of the relay tests about a waiting tool call: it asks to write `note.md`
 * (a call that waits for an approval), and once the tool's result comes back says "Written.".
 */
import type { ModelScript } from '../../demo-model/scripted-reply';

export const writeNoteScript: ModelScript = (request) => {
  const last = request.messages.at(-1);
  const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
  if (answered) return { blocks: [{ type: 'text', text: 'Written.' }] };
  return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: 'note.md', content: 'hi' } }] };
};
