/**
 * The baseline of the streaming bench: a plain socket.io server that forwards the model's stream
 * with no other logic. On `chat/prompt` it reads the same scripted model through the same SDK call
 * the built-in agent makes and emits each text piece in the relay's own envelope. No store, no
 * schema checks. `node --import tsx bench/plain-forwarder.ts <model-url>` prints `ready <origin>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { Server } from 'socket.io';

const [modelUrl] = process.argv.slice(2);
if (!modelUrl) throw new Error('usage: plain-forwarder.ts <model-url>');
const model = new Anthropic({ apiKey: 'bench-key', baseURL: modelUrl });

const httpServer = createServer();
const io = new Server(httpServer, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('rpc', (message: { id?: number; method?: string; params?: { chatId?: string } }) => {
    if (message.id === undefined) return;
    socket.emit('rpc', { jsonrpc: '2.0', id: message.id, result: message.method === 'createThread' ? { threadId: 'plain' } : {} });
    if (message.method !== 'chat/prompt') return;
    const chatId = message.params?.chatId ?? 'plain';
    void forward(chatId, (params) => socket.emit('rpc', { jsonrpc: '2.0', method: 'chat/contentReceived', params })).catch(
      (error: unknown) => process.stderr.write(`forwarding failed: ${String(error)}\n`),
    );
  });
});

async function forward(chatId: string, send: (params: unknown) => void): Promise<void> {
  const stream = model.messages.stream({
    model: 'scripted-bench-model',
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'stream' }],
  });
  let seq = 0;
  for await (const event of stream) {
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
      seq += 1;
      send({ chatId, role: 'assistant', content: { type: 'text', text: event.delta.text }, seq });
    }
  }
}

httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as AddressInfo;
  process.stdout.write(`ready http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => {
  void io.close(() => process.exit(0));
});
