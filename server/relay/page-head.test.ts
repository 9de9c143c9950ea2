import { describe, expect, it } from 'vitest';
import { completePageHead } from './page-head';

const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="icon" href="/icon.svg?icon.1a.svg"/>' +
  '<script src="./_next/static/chunks/a.js"></script><a href="//cdn.example/x">x</a></head><body>' +
  '<script>self.__next_f.push([1,"0:{\\"href\\":\\"/icon.svg?icon.1a.svg\\",\\"route\\":\\"/\\",\\"t\\":\\"/t/abc\\"}"])</script></body></html>';

describe('completePageHead', () => {
  const html = completePageHead(PAGE, { relativeRoot: '../', frameAncestors: "'self' http://127.0.0.1:8080" });

  it('first of all, sets the <base> from the relative way to the root', () => {
    expect(html.indexOf('<head>') + '<head>'.length).toBe(html.indexOf('<base href="../"/><script>(function(){var base'));
    expect(html).toContain('base.href=new URL("../",location.href).pathname');
  });

  it('makes root paths of attributes and of files named in the React data relative, and nothing else', () => {
    expect(html).toContain('href="./icon.svg?icon.1a.svg"');
    expect(html).toContain('\\"href\\":\\"./icon.svg?icon.1a.svg\\"');
    expect(html).toContain('\\"route\\":\\"/\\"');
    expect(html).toContain('\\"t\\":\\"/t/abc\\"');
    expect(html).toContain('href="//cdn.example/x"');
    expect(html).toContain('src="./_next/static/chunks/a.js"');
  });

  it('names the origins allowed to frame the page, escaped', () => {
    expect(html).toContain(`<meta name="baton-frame-ancestors" content="'self' http://127.0.0.1:8080"/>`);
    expect(completePageHead(PAGE, { relativeRoot: './', frameAncestors: '"><script>' })).toContain('content="&quot;&gt;&lt;script&gt;"');
  });

  it('refuses a relative root that is not one', () => {
    expect(() => completePageHead(PAGE, { relativeRoot: '"+alert(1)+"', frameAncestors: "'self'" })).toThrow(/relative way/);
  });
});
