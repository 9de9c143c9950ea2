import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from './safe-link-url';

describe('safeLinkUrl', () => {
  it('lets web links through', () => {
    expect(safeLinkUrl('https://example.com/docs?a=1')).toBe('https://example.com/docs?a=1');
    expect(safeLinkUrl('http://localhost:3000/')).toBe('http://localhost:3000/');
  });

  it('refuses script, data, file and relative URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      '/relative',
      'not a url',
    ]) {
      expect(safeLinkUrl(url)).toBeNull();
    }
  });
});
