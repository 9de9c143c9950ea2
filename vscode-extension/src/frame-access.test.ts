import { describe, expect, it } from 'vitest';
import { parseFrameAncestors } from '../../server/relay/access-options';
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
  });

  it('skips opaque origins, and what the relay would refuse as a source', () => {
    const access = frameAccessFor(['null', 'bad scheme;x://y', "x'y:"]);
    expect(access.frameAncestors).toBe("'self'");
  });

  it('is accepted by the relay as it is', () => {
    const access = frameAccessFor(['http://127.0.0.1:8080', 'vscode-webview://abc', 'vscode-file://vscode-app']);
    expect(parseFrameAncestors(access.frameAncestors)).toBe(access.frameAncestors);
  });
});
