/**
 * The baselines of the streaming bench: a plain socket.io server that forwards the model's stream
 * with no store and no schema checks, doing the socket work Baton does. On `chat/prompt` it reads
 * the same scripted model through the same SDK call the built-in agent makes, with the
 * conversation so far as Baton sends it (kept in memory here), and emits each text piece in the
 * relay's own envelope to the thread's room, as Baton does. The conversation matters to the
 * figures: a bench thread grows to a megabyte of history, and the model process parsing that for
 * Baton's requests alone was busy (its garbage collector on both cores) while Baton's answers
 * streamed and not while the baselines' did.
 * `node --import tsx bench/plain-forwarder.ts <model-url> [batched|each]`:
 * - batched: the pieces that arrived in the same turn of the event loop leave as ONE packet, a
 *   JSON-RPC batch array, as server/relay/content-batches.ts sends a committed batch;
 * - each: every piece is its own packet.
 * Prints `ready <origin>`; with an IPC channel it answers the bench's clock and usage requests.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { Server } from 'socket.io';
import { answerIpc } from './ipc-peer';

const [modelUrl, mode = 'batched'] = process.argv.slice(2);
if (!modelUrl) throw new Error('usage: plain-forwarder.ts <model-url> [batched|each]');
if (mode !== 'batched' && mode !== 'each') throw new Error(`the mode is batched or each, not ${JSON.stringify(mode)}`);
const model = new Anthropic({ apiKey: 'bench-key', baseURL: modelUrl });

type Notification = { jsonrpc: '2.0'; method: 'chat/contentReceived'; params: unknown };

const httpServer = createServer();
const io = new Server(httpServer, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('rpc', (message: { id?: number; method?: string; params?: { chatId?: string; threadId?: string; message?: string } }) => {
    if (message.id === undefined) return;
    if (message.method === 'openThread') void socket.join(`thread:${message.params?.threadId ?? 'plain'}`);
    // A thread's id is a UUID, as the store makes it: every piece carries it (chatId), so a shorter
    // one would leave the baselines fewer bytes to encode, send and parse per piece than Baton.
    socket.emit('rpc', { jsonrpc: '2.0', id: message.id, result: message.method === 'createThread' ? { threadId: randomUUID() } : {} });
    if (message.method !== 'chat/prompt') return;
    const room = `thread:${message.params?.chatId ?? 'plain'}`;
    const send = (payload: Notification | Notification[]) => io.to(room).emit('rpc', payload);
    const prompt = message.params?.message ?? '';
    void forward(message.params?.chatId ?? 'plain', prompt, mode === 'each' ? send : batching(send)).catch((error: unknown) =>
      process.stderr.write(`forwarding failed: ${String(error)}\n`),
    );
  });
});

/** Gathers the notifications of one turn of the event loop and sends them together once it ends. */
function batching(send: (payload: Notification | Notification[]) => void): (notification: Notification) => void {
  let pending: Notification[] = [];
  return (notification) => {
    pending.push(notification);
    if (pending.length > 1) return;
    setImmediate(() => {
      const batch = pending;
      pending = [];
      send(batch.length === 1 ? batch[0]! : batch);
    });
  };
}

/** Each thread's conversation: its prompts and the answers' whole text. */
const conversations = new Map<string, Anthropic.MessageParam[]>();

async function forward(chatId: string, prompt: string, send: (notification: Notification) => void): Promise<void> {
  const messages = conversations.get(chatId) ?? [];
  conversations.set(chatId, messages);
  messages.push({ role: 'user', content: prompt });
  const stream = model.messages.stream({ model: 'scripted-bench-model', max_tokens: 1024, messages: [...messages] });
  let seq = 0;
  let answer = '';
  for await (const event of stream) {
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      seq += 1;
      answer += event.delta.text;
      send({
        jsonrpc: '2.0',
        method: 'chat/contentReceived',
        params: { chatId, role: 'assistant', content: { type: 'text', text: event.delta.text }, seq },
      });
    }
  }
  messages.push({ role: 'assistant', content: answer });
  // The end of the turn, as the relay tells it, once every piece before it has left.
  setImmediate(() =>
    io.to(`thread:${chatId}`).emit('rpc', {
      jsonrpc: '2.0',
      method: 'chat/contentReceived',
      params: { chatId, role: 'system', content: { type: 'progress', state: 'finished' }, seq: seq + 1 },
    }),
  );
}

httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  process.stdout.write(`ready http://127.0.0.1:${port}\n`);
});
if (process.send) answerIpc();
process.once('SIGTERM', () => {
  void io.close(() => process.exit(0));
});
