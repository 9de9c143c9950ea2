import type { ToolCallEntry } from '../../lib/protocol/acp-threads';
import { Disclosure } from '../disclosure/disclosure';

/** The arguments as the model gave them: parsed once the call is complete, streamed text before. */
function argumentsText(entry: ToolCallEntry): string | null {
  if (entry.arguments && Object.keys(entry.arguments).length > 0) return JSON.stringify(entry.arguments, null, 2);
  return entry.argumentsText || null;
}

export function ToolCallArguments({ entry }: { entry: ToolCallEntry }) {
  const text = argumentsText(entry);
  if (!text) return null;
  return (
    <Disclosure className="tool-call__arguments" summary="Arguments" defaultOpen={!entry.summary && !entry.details}>
      <pre className="code-block">{text}</pre>
    </Disclosure>
  );
}
