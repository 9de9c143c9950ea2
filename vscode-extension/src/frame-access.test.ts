import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { frameAncestorsAllow, frameAncestorSources } from '../../lib/embed/frame-ancestors';
import { parseFrameAncestors } from '../../server/relay/access-options';
import { refusedFramer } from '../../server/relay/frame-refusal';
import { contentSecurityPolicy } from '../../server/relay/security-headers';
import { frameAccessFor } from './frame-access';

describe('the frames the relay allows', () => {
  it('allows code-server on loopback by its exact origin', () => {
    const access = frameAccessFor(['http://127.0.0.1:8080', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080']);
    expect(access).toEqual({
      frameAncestors: "'self' http://127.0.0.1:8080",
      trustedOrigins: ['http://127.0.0.1:8080'],
      allowedHosts: [],
    });
  });

  it('allows a remote code-server host name too', () => {
    const access = frameAccessFor(['https://code.example:8443']);
    expect(access.trustedOrigins).toEqual(['https://code.example:8443']);
    expect(access.allowedHosts).toEqual(['code.example']);
  });

  it('allows VS Code desktop webviews by scheme and its workbench exactly', () => {
    const access = frameAccessFor(['vscode-webview://1a2b3c', 'vscode-file://vscode-app']);
    expect(access.frameAncestors).toBe("'self' vscode-webview: vscode-file://vscode-app");
    expect(access.trustedOrigins).toEqual([]);
    // The webview's full address, reported when the browser calls its origin 'null', gives the same.
    expect(frameAccessFor(['vscode-webview://1a2b3c/index.html?id=x&purpose=webviewView', 'vscode-file://vscode-app'])).toEqual(access);
  });

  it('skips opaque origins, and what the relay would refuse as a source', () => {
    const access = frameAccessFor(['null', 'bad scheme;x://y', "x'y:"]);
    expect(access.frameAncestors).toBe("'self'");
  });

  it('is accepted by the relay as it is', () => {
    const access = frameAccessFor(['http://127.0.0.1:8080', 'vscode-webview://abc', 'vscode-file://vscode-app']);
    expect(parseFrameAncestors(access.frameAncestors)).toBe(access.frameAncestors);
  });

  it('VS Code desktop: the relay sends the header the browser checks every ancestor against, and its own checks agree', () => {
    // What the webview reports there: its own frame, the outer webview frame, the workbench.
    const access = frameAccessFor(['vscode-webview://1a2b3c', 'vscode-webview://1a2b3c', 'vscode-file://vscode-app']);
    const relayValue = parseFrameAncestors(access.frameAncestors);
    expect(contentSecurityPolicy('bm9uY2U=', relayValue)).toMatch(/; frame-ancestors 'self' vscode-webview: vscode-file:\/\/vscode-app$/);
    // The page takes host messages from the webview (its parent), whatever id it has now.
    const sources = frameAncestorSources(relayValue);
    for (const origin of ['vscode-webview://1a2b3c', 'vscode-webview://9z8y7x', 'vscode-file://vscode-app']) {
      expect(frameAncestorsAllow(sources, origin, 'http://127.0.0.1:4780')).toBe(true);
    }
    expect(frameAncestorsAllow(sources, 'http://127.0.0.1:8080', 'http://127.0.0.1:4780')).toBe(false);
    // The relay serves the page to the webview's frame rather than its refusal page, and refuses a web page.
    const frameRequest = (referer: string) =>
      ({ headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site', referer } }) as unknown as IncomingMessage;
    expect(refusedFramer(frameRequest('vscode-webview://1a2b3c/index.html?id=x'), relayValue)).toBeUndefined();
    expect(refusedFramer(frameRequest('https://evil.example/'), relayValue)).toBe('https://evil.example');
    expect(refusedFramer(frameRequest('vscode-webview://1a2b3c/'), "'self' http://127.0.0.1:8080")).toBe('vscode-webview://1a2b3c');
  });
});
