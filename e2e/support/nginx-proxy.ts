/**
 * Debian's real nginx as a reverse proxy in front of the relay, on a free loopback port, with a
 * configuration and a prefix folder made for the test (server/relay/team/demo/nginx-server.ts),
 * started as this test's own child and stopped with it.
 */
import { existsSync } from 'node:fs';
import { NGINX, startNginx } from '../../server/relay/team/demo/nginx-server';

export { freePort } from '../../server/store/temporary-postgres';

export interface NginxProxy {
  origin: string;
  close(): Promise<void>;
}

/** What one `location` does with its prefix: hand the address on without it, or as it came. */
export interface ProxyLocation {
  prefix: string;
  relayPort: number;
  /** Strip the prefix (code-server's `/proxy/<port>/`) or keep it (`/absproxy/<port>/`). */
  stripPrefix: boolean;
  /** Forward the browser's Host header instead of nginx's default, the upstream's own address. */
  forwardHost: boolean;
  /** The port to listen on; a free one when absent. */
  port?: number;
}

export function nginxAvailable(): boolean {
  return existsSync(NGINX);
}

export async function startNginxProxy(location: ProxyLocation): Promise<NginxProxy> {
  const upstream = `http://127.0.0.1:${location.relayPort}${location.stripPrefix ? '/' : ''}`;
  const server = await startNginx({
    port: location.port,
    http: (port) => `  server {
    listen 127.0.0.1:${port};
    location ${location.prefix} {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      ${location.forwardHost ? 'proxy_set_header Host $http_host;' : ''}
      proxy_read_timeout 1h;
    }
  }`,
  });
  return { origin: server.origin, close: server.stop };
}
