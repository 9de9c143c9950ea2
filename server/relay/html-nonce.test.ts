import { describe, expect, it } from 'vitest';
import { nonceTemplate } from './html-nonce';

const NONCE = 'AbC+/12==';

describe('the built page gets the response’s nonce', () => {
  it('marks every script and style element, inline or not, and nothing else', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/a.css"/><style>b{}</style><script src="/a.js" async=""></script>' +
      '</head><body><script id="_R_">self.x=1</script><SCRIPT>y()</SCRIPT><scripted-tag></scripted-tag></body></html>';
    expect(nonceTemplate(html).render(NONCE)).toBe(
      `<html><head><link rel="stylesheet" href="/a.css"/><style nonce="${NONCE}">b{}</style><script nonce="${NONCE}" src="/a.js" async=""></script>` +
        `</head><body><script nonce="${NONCE}" id="_R_">self.x=1</script><SCRIPT nonce="${NONCE}">y()</SCRIPT><scripted-tag></scripted-tag></body></html>`,
    );
  });

  it('leaves the text inside a script alone, even where it spells a tag', () => {
    const html = '<script>document.write("<script>evil()<\\/script>")</script><p>after</p><style>a{}</style>';
    expect(nonceTemplate(html).render(NONCE)).toBe(
      `<script nonce="${NONCE}">document.write("<script>evil()<\\/script>")</script><p>after</p><style nonce="${NONCE}">a{}</style>`,
    );
  });

  it('gives each response its own nonce from the same template', () => {
    const template = nonceTemplate('<script>a()</script>');
    expect(template.render('one')).toBe('<script nonce="one">a()</script>');
    expect(template.render('two')).toBe('<script nonce="two">a()</script>');
  });

  it('refuses a nonce that could leave its attribute, and a page that brings its own', () => {
    expect(() => nonceTemplate('<script></script>').render('x" onload="evil()')).toThrow(/base64/);
    expect(() => nonceTemplate('<script nonce="fixed">a()</script>')).toThrow(/already carries a nonce/);
    expect(() => nonceTemplate('<p>a</p><script src="/a.js"')).toThrow(/unterminated/);
  });
});
