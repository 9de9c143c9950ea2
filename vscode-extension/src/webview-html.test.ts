import { describe, expect, it } from 'vitest';
import { webviewHtml } from './webview-html';

const base = {
  nonce: 'n0nce',
  cspSource: 'https://webview.example',
  scriptUri: 'https://webview.example/webview.js',
  styleUri: 'https://webview.example/webview.css',
};

function policyOf(html: string): string {
  const attribute = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return attribute.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe('the webview page', () => {
  it('frames exactly the relay origin, with the embed page', () => {
    const html = webviewHtml({
      ...base,
      status: '',
      frame: { src: 'http://127.0.0.1:8080/proxy/4781/?embed=1', origin: 'http://127.0.0.1:8080' },
    });
    expect(policyOf(html)).toBe(
      "default-src 'none'; script-src 'nonce-n0nce'; style-src https://webview.example; frame-src http://127.0.0.1:8080",
    );
    // The address waits for the script, which listens for the page's one `baton:ready` first.
    expect(html).toContain('data-src="http://127.0.0.1:8080/proxy/4781/?embed=1"');
    expect(html).not.toMatch(/<iframe[^>]* src=/);
    expect(html).toContain('<p id="baton-status" role="status" hidden>');
  });

  it('frames nothing before the relay runs and shows the status, escaped', () => {
    const html = webviewHtml({ ...base, status: 'Baton could not start: <x> & "y"' });
    expect(policyOf(html)).toContain("frame-src 'none'");
    expect(html).not.toContain('<iframe');
    expect(html).toContain('Baton could not start: &#60;x&#62; &#38; &#34;y&#34;');
  });
});
