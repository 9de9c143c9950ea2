/**
 * How much one prompt may attach. Contexts are cheap to send (a path each) but expensive to expand
 * (a file, a folder listing, an MCP resource each): without a bound, one 3.6 MB prompt naming
 * 90,000 files would have the relay read them all into one string. The count is checked where a
 * prompt enters (the browser's and an editor's `chat/prompt`), before anything is recorded; the
 * expanded size while the built-in agent expands them (prompt-contexts.ts).
 */
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';

/** More than anyone attaches by hand with `@`. */
export const MAX_PROMPT_CONTEXTS = 100;
/** About a quarter of a large model context window, in characters. */
export const MAX_CONTEXTS_CHARACTERS = 1_000_000;

/** Refuses, as invalid params that name the limit, a prompt with more contexts than one may attach. */
export function checkPromptContextCount(contexts: readonly unknown[] | undefined): void {
  const count = contexts?.length ?? 0;
  if (count <= MAX_PROMPT_CONTEXTS) return;
  throw new RpcError(
    ErrorCodes.InvalidParams,
    `Too many contexts: this prompt attaches ${count}; a prompt may attach at most ${MAX_PROMPT_CONTEXTS}.`,
    { limit: MAX_PROMPT_CONTEXTS, count },
  );
}

/** The contexts of one prompt expand to more text than the model is sent for them. */
export class ContextsTooLargeError extends Error {
  readonly code = 'contexts-too-large';
  constructor() {
    super(
      `The attached contexts expand to more than ${MAX_CONTEXTS_CHARACTERS.toLocaleString('en-US')} characters, the limit for one prompt: attach fewer or smaller ones.`,
    );
  }
}
