/**
 * nginx in front of a team's relays on one loopback port (nginx-server.ts). Sticky by client
 * address (`hash $remote_addr consistent`): a client keeps its relay, and when a relay goes, only
 * its clients move. socket.io needs no more than that here, as Baton's tabs speak WebSocket alone
 * (one connection, never a poll that could land on another relay).
 */
import { type NginxServer, startNginx } from './nginx-server';

export function balancerHttp(port: number, relayPorts: readonly number[]): string {
  return `  upstream baton_team {
    hash $remote_addr consistent;
${relayPorts.map((relayPort) => `    server 127.0.0.1:${relayPort};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://baton_team;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # The browser's Host goes on, so that each relay's Origin check sees the address the page came from.
      proxy_set_header Host $http_host;
      proxy_read_timeout 1h;
    }
  }`;
}

export function startNginxBalancer(relayPorts: readonly number[], nginx?: string): Promise<NginxServer> {
  return startNginx({ http: (port) => balancerHttp(port, relayPorts), workerConnections: 4096, nginx });
}
