import { describe, expect, it } from 'vitest';
import { frameAncestorSources, frameAncestorsAllow } from './frame-ancestors';

const SELF = 'http://127.0.0.1:4780';
const allows = (value: string, origin: string) => frameAncestorsAllow(frameAncestorSources(value), origin, SELF);

describe('frameAncestorsAllow', () => {
  it("'self' allows only the relay's own origin", () => {
    expect(allows("'self'", SELF)).toBe(true);
    expect(allows("'self'", 'http://127.0.0.1:4781')).toBe(false);
    expect(allows("'self'", 'http://localhost:4780')).toBe(false);
  });

  it("'none' allows nothing, even listed beside nothing else", () => {
    expect(allows("'none'", SELF)).toBe(false);
  });

  it('an exact origin allows that origin and no other port, host or scheme', () => {
    const list = "'self' http://127.0.0.1:8080";
    expect(allows(list, 'http://127.0.0.1:8080')).toBe(true);
    expect(allows(list, 'http://127.0.0.1:8081')).toBe(false);
    expect(allows(list, 'http://localhost:8080')).toBe(false);
    expect(allows('https://code.example', 'https://code.example')).toBe(true);
    expect(allows('https://code.example', 'https://code.example:8443')).toBe(false);
    expect(allows('https://code.example', 'http://code.example')).toBe(false);
  });

  it('http: sources also match https (a secure upgrade), never the reverse', () => {
    expect(allows('http://code.example', 'https://code.example')).toBe(true);
    expect(allows('http:', 'https://anything.example')).toBe(true);
    expect(allows('https:', 'http://anything.example')).toBe(false);
  });

  it('wildcards: any subdomain, any port, any network origin', () => {
    expect(allows('https://*.code.example', 'https://a.code.example')).toBe(true);
    expect(allows('https://*.code.example', 'https://code.example')).toBe(false);
    expect(allows('https://*.code.example', 'https://evilcode.example')).toBe(false);
    expect(allows('http://127.0.0.1:*', 'http://127.0.0.1:9')).toBe(true);
    expect(allows('*', 'https://anything.example')).toBe(true);
    expect(allows('*', 'null')).toBe(false);
  });

  it("a source without a scheme takes the relay's", () => {
    expect(allows('127.0.0.1:8080', 'http://127.0.0.1:8080')).toBe(true);
  });

  it('refuses what is not an origin', () => {
    expect(allows('*', 'not a url')).toBe(false);
  });
});

describe('VS Code desktop: webviews at vscode-webview://<id> inside the workbench at vscode-file://vscode-app', () => {
  const list = "'self' vscode-webview: vscode-file://vscode-app";

  it('a scheme-only source allows every webview id, and nothing of another scheme', () => {
    expect(allows(list, 'vscode-webview://1a2b3c4d')).toBe(true);
    expect(allows(list, 'vscode-webview://0f9e8d7c')).toBe(true);
    expect(allows('vscode-webview:', 'http://127.0.0.1:8080')).toBe(false);
    expect(allows('vscode-webview:', 'vscode-file://vscode-app')).toBe(false);
    expect(allows('vscode-webview:', 'https://vscode-webview.example')).toBe(false);
  });

  it('an exact source of a scheme without a default port allows that origin alone', () => {
    expect(allows(list, 'vscode-file://vscode-app')).toBe(true);
    expect(allows(list, 'vscode-file://other-app')).toBe(false);
    expect(allows(list, 'vscode-file://vscode-app:8080')).toBe(false);
    expect(allows('vscode-webview://1a2b3c4d', 'vscode-webview://1a2b3c4d')).toBe(true);
    expect(allows('vscode-webview://1a2b3c4d', 'vscode-webview://ffff')).toBe(false);
  });

  it('allows neither an opaque origin nor the web pages a desktop list does not name', () => {
    expect(allows(list, 'null')).toBe(false);
    expect(allows(list, 'http://127.0.0.1:8080')).toBe(false);
    expect(allows(list, 'https://evil.example')).toBe(false);
  });
});
