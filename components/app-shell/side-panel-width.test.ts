import { describe, expect, it } from 'vitest';
import { clampSidePanelWidth, parseSidePanelWidth, SIDE_PANEL_MIN_WIDTH, sidePanelMaxWidth, widthAfterKey } from './side-panel-width';

describe('the side panel width', () => {
  it('leaves the thread list and the chat their room, and never goes under its narrowest', () => {
    expect(sidePanelMaxWidth(1280)).toBe(780);
    expect(clampSidePanelWidth(5000, 1280)).toBe(780);
    expect(clampSidePanelWidth(10, 1280)).toBe(SIDE_PANEL_MIN_WIDTH);
    expect(clampSidePanelWidth(400.4, 1280)).toBe(400);
    // A window too narrow for all three keeps the panel at its narrowest, not below.
    expect(clampSidePanelWidth(400, 600)).toBe(SIDE_PANEL_MIN_WIDTH);
  });

  it('reads back only a stored number of pixels', () => {
    expect(parseSidePanelWidth('480')).toBe(480);
    for (const bad of [null, undefined, '', 'wide', '-300', '3e2', '480px', '12', '9999999'])
      expect(parseSidePanelWidth(bad)).toBeUndefined();
  });

  it('widens with ArrowLeft, narrows with ArrowRight, goes to the ends with Home and End, within the window', () => {
    expect(widthAfterKey('ArrowLeft', false, 360, 1280)).toBe(376);
    expect(widthAfterKey('ArrowRight', false, 360, 1280)).toBe(344);
    expect(widthAfterKey('ArrowLeft', true, 360, 1280)).toBe(424);
    expect(widthAfterKey('ArrowLeft', false, 780, 1280)).toBe(780);
    expect(widthAfterKey('ArrowRight', false, SIDE_PANEL_MIN_WIDTH, 1280)).toBe(SIDE_PANEL_MIN_WIDTH);
    expect(widthAfterKey('Home', false, 500, 1280)).toBe(SIDE_PANEL_MIN_WIDTH);
    expect(widthAfterKey('End', false, 300, 1280)).toBe(780);
    expect(widthAfterKey('Enter', false, 300, 1280)).toBeUndefined();
  });
});
