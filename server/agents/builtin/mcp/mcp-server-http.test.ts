/** A server reached by URL over streamable HTTP instead of started as a process. */
import { describe, expect, it } from 'vitest';
import { expectProcessGone, freePort, recordUpdates, startEverythingOverHttp, useMcpServerManagers } from './testing/mcp-support';

const fixture = useMcpServerManagers();

describe('a streamable HTTP server', () => {
  it('connects by URL, calls a tool and stops', async () => {
    const port = await freePort();
    const server = await startEverythingOverHttp(port);
    try {
      const manager = fixture.manage({ servers: { remote: { url: `http://127.0.0.1:${port}/mcp` } } });
      const record = recordUpdates(manager);
      await manager.start();
      expect(record.of('remote').at(-1)).toMatchObject({
        status: 'running',
        command: `http://127.0.0.1:${port}/mcp`,
        args: [],
        tools: expect.arrayContaining([expect.objectContaining({ name: 'echo' })]),
      });
      await expect(manager.callTool('remote__echo', { message: 'over http' })).resolves.toEqual({
        text: 'Echo: over http',
        isError: false,
      });
      await manager.stopServer('remote');
      expect(record.statusOf('remote')).toBe('stopped');
    } finally {
      server.kill();
      if (server.pid !== undefined) await expectProcessGone(server.pid);
    }
  });

  it('is reported failed once the server can no longer be reached', async () => {
    const port = await freePort();
    const server = await startEverythingOverHttp(port);
    const manager = fixture.manage({ servers: { remote: { url: `http://127.0.0.1:${port}/mcp` } } });
    const record = recordUpdates(manager);
    await manager.start();
    expect(record.statusOf('remote')).toBe('running');
    server.kill('SIGKILL');
    await record.until('remote', 'failed');
    expect(record.of('remote').at(-1)?.error).toMatch(/can no longer be reached.*fetch failed/);
    await expect(manager.callTool('remote__echo', { message: 'x' })).rejects.toMatchObject({ code: 'unknown-tool' });
  });

  it('fails when nothing listens at the URL', async () => {
    const port = await freePort();
    const manager = fixture.manage({ servers: { absent: { url: `http://127.0.0.1:${port}/mcp` } } });
    await manager.start();
    expect(manager.serverUpdates()[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/ECONNREFUSED|fetch failed/) });
  });
});
