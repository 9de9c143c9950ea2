/**
 * THE OFFLINE DEMO MODEL. Scripted answers, not a real model: what Baton runs when no
 * ANTHROPIC_API_KEY is set, so a newcomer sees every feature at once (DESIGN.md, decision 6):
 * a short reasoning block (when the request enables thinking, as the built-in agent's demo
 * requests do), streaming Markdown, a link (a cited web page), a file read, and an edit that
 * waits for approval. The agent adds the tokens used after each turn.
 *
 * The script keeps no state. It decides where the conversation is from the request alone: a fresh
 * prompt starts the demo; a tool result continues it, depending on which tool it answers.
 */
import { contentBlocks, type MessagesRequest, type RequestContentBlock, type RequestMessage, toolResultText } from './messages-request';
import type { ModelScript, ScriptedBlock, ScriptedReply } from './scripted-reply';

export const DEMO_MODEL_ID = 'offline-demo';
export const DEMO_FILE_PATH = 'baton-demo.md';
/** Slow enough for a person to see the answer stream in. */
export const DEMO_DELAY_BETWEEN_DELTAS_MS = 30;
/** The page the demo's link card points at: where a newcomer learns to get a key. */
export const DEMO_LINK = { url: 'https://docs.anthropic.com/en/api/getting-started', title: 'Anthropic API: getting started' };

export interface DemoScriptOptions {
  /** 0 in tests; DEMO_DELAY_BETWEEN_DELTAS_MS by default. */
  delayBetweenDeltasMs?: number;
}

type ToolResultBlock = Extract<RequestContentBlock, { type: 'tool_result' }>;

export function createDemoScript(options: DemoScriptOptions = {}): ModelScript {
  const delayBetweenDeltasMs = options.delayBetweenDeltasMs ?? DEMO_DELAY_BETWEEN_DELTAS_MS;
  return (request) => ({ ...nextReply(request), delayBetweenDeltasMs });
}

function nextReply(request: MessagesRequest): ScriptedReply {
  const last = request.messages.at(-1) as RequestMessage;
  const blocks = contentBlocks(last);
  const toolResult = blocks.find((block): block is ToolResultBlock => block.type === 'tool_result');
  const hasNewPrompt = blocks.some((block) => block.type === 'text' && block.text.trim() !== '');
  if (last.role !== 'user' || toolResult === undefined || hasNewPrompt) return introduction(request, attachedContexts(blocks));

  switch (toolNameFor(request.messages, toolResult.tool_use_id)) {
    case 'read_file':
      return afterRead(request, toolResult, latestPrompt(request.messages));
    case 'write_file':
      return afterWrite(toolResult);
    default:
      return {
        blocks: [{ type: 'text', text: 'The offline demo model only knows its own script, so it stops here.' }],
      };
  }
}

/** Thinking only when the request asks for it, as the real API does. */
function thinking(request: MessagesRequest, text: string): ScriptedBlock[] {
  return request.thinking?.type === 'enabled' || request.thinking?.type === 'adaptive' ? [{ type: 'thinking', thinking: text }] : [];
}

function introduction(request: MessagesRequest, contexts: string[]): ScriptedReply {
  const text = [
    "**This is Baton's offline demo model.** No `ANTHROPIC_API_KEY` is set, so these answers are",
    'scripted, not written by a real model. They show what Baton can do:',
    '',
    '- reasoning you can unfold, like the short one above,',
    '- answers that stream in as they are written, with Markdown,',
    '- tool calls, starting with a read of `README.md`,',
    '- an edit that waits until you approve it,',
    '- links, and the tokens each turn used.',
    '',
    ...(contexts.length > 0
      ? [`You attached ${contexts.join(', ')}; a real model would read ${contexts.length === 1 ? 'it' : 'them'} with your message.`, '']
      : []),
    '',
  ].join('\n');
  return {
    blocks: [
      ...thinking(request, 'No API key, so this is the scripted demo. Show the features: read README.md, then propose an edit to approve.'),
      { type: 'text', text },
      { type: 'text', text: 'The Anthropic API docs say how to get a key.\n\n', citations: [DEMO_LINK] },
      { type: 'text', text: 'First, let me read the README.' },
      { type: 'tool_use', name: 'read_file', input: { path: 'README.md' } },
    ],
  };
}

function afterRead(request: MessagesRequest, result: ToolResultBlock, prompt: string): ScriptedReply {
  const output = toolResultText(result);
  const finding = result.is_error
    ? `I could not read \`README.md\` (${firstLine(output) || 'the file is missing'}), so there was nothing to learn from it.`
    : firstLine(output)
      ? `I read \`README.md\`; its first line is: "${firstLine(output)}".`
      : 'I read `README.md`; it is empty.';
  const text = `${finding} Now I will write \`${DEMO_FILE_PATH}\` with your prompt in it. Approve the edit to let me write it, or reject it to leave the workspace as it is.`;
  return {
    blocks: [
      ...thinking(request, 'Now the edit: write the prompt into baton-demo.md, which waits for approval.'),
      { type: 'text', text },
      { type: 'tool_use', name: 'write_file', input: { path: DEMO_FILE_PATH, content: demoFileContent(prompt) } },
    ],
  };
}

function afterWrite(result: ToolResultBlock): ScriptedReply {
  const output = toolResultText(result);
  let text: string;
  if (result.is_error && /rejected/i.test(output)) {
    text = `You rejected the edit, so I left \`${DEMO_FILE_PATH}\` alone: nothing in the workspace changed.`;
  } else if (result.is_error) {
    text = `The edit failed: ${firstLine(output)}. The workspace is unchanged.`;
  } else {
    text = `Done: I wrote \`${DEMO_FILE_PATH}\`, and the edit is in the workspace. Set \`ANTHROPIC_API_KEY\` and restart Baton to work with a real model.`;
  }
  return { blocks: [{ type: 'text', text }] };
}

export function demoFileContent(prompt: string): string {
  const quoted = prompt
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  return `# Baton demo\n\nWritten by Baton's offline demo model after you approved this edit.\n\nYour prompt was:\n\n${quoted}\n`;
}

/** The tool a result answers: the tool_use with that id in an earlier assistant message. */
function toolNameFor(messages: readonly RequestMessage[], toolUseId: string): string | undefined {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'assistant') continue;
    for (const block of contentBlocks(message)) {
      if (block.type === 'tool_use' && block.id === toolUseId) return block.name;
    }
  }
  return undefined;
}

/**
 * What the user last typed, skipping user messages that only carry tool results: the last text
 * block, since the built-in agent puts attached contexts in a block before it.
 */
function latestPrompt(messages: readonly RequestMessage[]): string {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') continue;
    const texts = contentBlocks(message).flatMap((block) => (block.type === 'text' ? [block.text.trim()] : []));
    const text = texts.filter((candidate) => candidate !== '').at(-1);
    if (text) return text;
  }
  return '(no prompt)';
}

/**
 * The contexts the built-in agent resolved into the prompt (server/agents/builtin/prompt-contexts.ts
 * writes each as `<context type="…" …>`), named by their type and first attribute, e.g. "file `a.md`".
 */
function attachedContexts(blocks: readonly RequestContentBlock[]): string[] {
  const text = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
  return [...text.matchAll(/^<context type="([^"]+)"(?: [a-zA-Z]+="([^"]*)")?/gm)].map(([, type, first]) =>
    first ? `${type} \`${first}\`` : String(type),
  );
}

function firstLine(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > 120 ? `${trimmed.slice(0, 117)}...` : trimmed;
}
