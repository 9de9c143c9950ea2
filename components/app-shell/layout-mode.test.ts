import { describe, expect, it } from 'vitest';
import { chooseLayout } from './layout-mode';

describe('chooseLayout', () => {
  it('takes ?embed=1 at any width, framed or not', () => {
    expect(chooseLayout({ search: '?embed=1', width: 1440, framed: false })).toBe('embed');
    expect(chooseLayout({ search: '?a=b&embed=1', width: 360, framed: true })).toBe('embed');
  });

  it('takes a narrow frame as an embed, but not a narrow top-level page (a phone gets tabs)', () => {
    expect(chooseLayout({ search: '', width: 360, framed: true })).toBe('embed');
    expect(chooseLayout({ search: '', width: 390, framed: false })).toBe('full');
    expect(chooseLayout({ search: '', width: 800, framed: true })).toBe('full');
  });
});
