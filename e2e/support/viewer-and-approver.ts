/**
 * A relay whose config.json names a viewer (vera) and an approver (april), each with a token of
 * their own, and a model that asks to write one file, then says it is done: what the specs of
 * users and roles start from (`test.use(viewerAndApprover('notes.md'))`).
 */
import type { MessagesRequest } from '../../server/demo-model/messages-request';
import type { ScriptedReply } from '../../server/demo-model/scripted-reply';
import { tokenHash } from '../../server/relay/users/users-config';

export const USER_TOKENS = { vera: 'viewer-token-0123456789', april: 'approver-token-0123456789' };

/** The fixtures' options: the two users in the workspace's config, the model writing `file`. */
export function viewerAndApprover(file: string) {
  const reply = (request: MessagesRequest): ScriptedReply => {
    const last = request.messages.at(-1);
    const content = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
    if (content.includes('tool_result')) return { blocks: [{ type: 'text', text: 'Written.' }] };
    return { blocks: [{ type: 'tool_use', name: 'write_file', input: { path: file, content: 'approved by april' } }] };
  };
  return {
    modelOptions: { script: reply },
    workspaceOptions: {
      config: {
        users: [
          { name: 'vera', role: 'viewer', tokenHash: tokenHash(USER_TOKENS.vera) },
          { name: 'april', role: 'approver', tokenHash: tokenHash(USER_TOKENS.april) },
        ],
      },
    },
  };
}
