/**
 * A real MCP server process that answers a tool call with content nested 5,000 deep and asks
 * Baton something nested as deep: the call fails saying why, the server is told -32600, and the
 * same server's next call works.
 */
import { expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../../lib/json/json-bounds';
import { recordUpdates, useMcpServerManagers } from './testing/mcp-support';

/** A line-by-line MCP server: `deep` answers 5,000 levels deep, `echo` answers what it heard last. */
const SERVER = `
const deep = '['.repeat(5000) + ']'.repeat(5000);
let heard = 'nothing';
const send = (text) => process.stdout.write(text + '\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === 'deep-ask') heard = JSON.stringify(message.error ?? message.result);
  if (message.method === undefined || message.id === undefined) return;
  const reply = (result) => send(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
  if (message.method === 'initialize') {
    reply({ protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'deep', version: '1' } });
    send('{"jsonrpc":"2.0","id":"deep-ask","method":"ping","params":{"x":' + deep + '}}');
  } else if (message.method === 'tools/list') {
    const schema = { type: 'object', properties: {} };
    reply({ tools: [{ name: 'deep', inputSchema: schema }, { name: 'echo', inputSchema: schema }] });
  } else if (message.method === 'tools/call' && message.params.name === 'deep') {
    send('{"jsonrpc":"2.0","id":' + JSON.stringify(message.id) + ',"result":{"content":[{"type":"text","text":"x"}],"structuredContent":{"x":' + deep + '}}}');
  } else if (message.method === 'tools/call') {
    reply({ content: [{ type: 'text', text: heard }] });
  } else {
    reply({});
  }
});`;

const fixture = useMcpServerManagers();

it('fails a call whose answer is nested 5,000 deep, answers a deep request with -32600, and goes on', async () => {
  const manager = fixture.manage({ servers: { hostile: { command: process.execPath, args: ['-e', SERVER] } } });
  const record = recordUpdates(manager);
  await manager.start();
  expect(record.of('hostile').at(-1)?.status).toBe('running');

  await expect(manager.callTool('hostile__deep', {})).rejects.toThrow(
    `The server's answer was nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects; it was not read.`,
  );
  const echoed = await manager.callTool('hostile__echo', {});
  expect(JSON.parse(echoed.text)).toEqual({
    code: -32600,
    message: `Invalid request: nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
  });
  expect(record.of('hostile').at(-1)?.status).toBe('running');
});
