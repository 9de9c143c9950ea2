import { afterEach, describe, expect, it } from 'vitest';
import {
  isListDragged,
  isReaderMovingList,
  isScrollbarGrabbed,
  noteListScroll,
  scrollbarGrabsEnded,
  subscribeScrollbarGrab,
} from './fast-scroll';
import { watchReaderInput } from './reader-input';

const VIEW = 800;

/** The list's scroller as the watcher reads it: its events and its place. */
class ListBox extends EventTarget {
  scrollTop = 200_000;
  clientHeight = VIEW;
  scrollHeight = 400_000;
}

function event(type: string, fields: Record<string, unknown> = {}): Event {
  return Object.assign(new Event(type), fields);
}

let time = 100_000;
/** The list moved a screen and more, a frame later: fast. */
function moveFast(list: ListBox): void {
  list.scrollTop -= 1_500;
  time += 16;
  noteListScroll(list.scrollTop, time, VIEW);
}
function dragFast(list: ListBox): void {
  for (let frame = 0; frame < 4; frame++) moveFast(list);
}

describe("the reader's hand on the chat list, read from the page's events", () => {
  const list = new ListBox();
  const page = new EventTarget();
  let stop = () => {};
  const watch = () => {
    stop = watchReaderInput(list as unknown as HTMLElement, page as unknown as Window);
  };
  afterEach(() => stop());

  it('holds the list from a press on its scrollbar until the button is released on the page', () => {
    watch();
    list.dispatchEvent(event('pointerdown', { pointerType: 'mouse', button: 0 }));
    dragFast(list);
    expect(isListDragged()).toBe(true);
    page.dispatchEvent(event('pointerup', { pointerType: 'mouse' }));
    expect(isListDragged()).toBe(false);
  });

  it('grabs the scrollbar from that press until its release, tells each change once and counts the releases', () => {
    watch();
    const changes: boolean[] = [];
    const unsubscribe = subscribeScrollbarGrab(() => changes.push(isScrollbarGrabbed()));
    const endedBefore = scrollbarGrabsEnded();
    list.dispatchEvent(event('pointerdown', { pointerType: 'mouse', button: 0 }));
    expect(isScrollbarGrabbed()).toBe(true);
    page.dispatchEvent(event('pointerup', { pointerType: 'mouse' }));
    page.dispatchEvent(event('mouseup'));
    expect(isScrollbarGrabbed()).toBe(false);
    expect(changes).toEqual([true, false]);
    expect(scrollbarGrabsEnded()).toBe(endedBefore + 1);
    unsubscribe();
  });

  it('grabs nothing for a press on an entry, a right button, a finger or a key held down', () => {
    watch();
    const entry = new EventTarget();
    const onEntry = event('pointerdown', { pointerType: 'mouse', button: 0 });
    Object.defineProperty(onEntry, 'target', { value: entry });
    list.dispatchEvent(onEntry);
    list.dispatchEvent(event('pointerdown', { pointerType: 'mouse', button: 2 }));
    list.dispatchEvent(event('touchstart'));
    list.dispatchEvent(event('keydown', { key: 'PageUp', repeat: true }));
    expect(isScrollbarGrabbed()).toBe(false);
  });

  it('lets go when the pointer moves with no button down: a release outside the window goes unreported', () => {
    watch();
    list.dispatchEvent(event('pointerdown', { pointerType: 'mouse', button: 0 }));
    dragFast(list);
    page.dispatchEvent(event('pointermove', { pointerType: 'mouse', buttons: 1 }));
    expect(isListDragged()).toBe(true);
    page.dispatchEvent(event('pointermove', { pointerType: 'mouse', buttons: 0 }));
    expect(isListDragged()).toBe(false);
  });

  it("takes no right-button press for a hold, and moves with no input as the list's own", () => {
    watch();
    list.dispatchEvent(event('pointerdown', { pointerType: 'mouse', button: 2 }));
    dragFast(list);
    expect(isListDragged()).toBe(false);
  });

  it('follows a wheel turned over the list until the list comes to rest, and moves of its own after that as its own', () => {
    watch();
    list.dispatchEvent(event('wheel', { deltaY: -1_500 }));
    dragFast(list);
    expect(isListDragged()).toBe(true);
    list.dispatchEvent(event('scrollend'));
    moveFast(list);
    moveFast(list);
    expect(isListDragged()).toBe(false);
  });

  it('takes a hover with no button down for no release of a wheel drag', () => {
    watch();
    list.dispatchEvent(event('wheel', { deltaY: -1_500 }));
    dragFast(list);
    page.dispatchEvent(event('pointermove', { pointerType: 'mouse', buttons: 0 }));
    expect(isListDragged()).toBe(true);
    list.dispatchEvent(event('scrollend'));
  });

  it('takes no wheel turned towards the edge the list is at: nothing moves, no scroll end follows', () => {
    watch();
    list.scrollTop = 0;
    list.dispatchEvent(event('wheel', { deltaY: -100 }));
    list.scrollTop = 40_000;
    dragFast(list);
    expect(isListDragged()).toBe(false);
  });

  it('holds the list while a scrolling key repeats, not for one press', () => {
    watch();
    list.dispatchEvent(event('keydown', { key: 'PageUp', repeat: false }));
    dragFast(list);
    expect(isListDragged()).toBe(false);
    list.dispatchEvent(event('keydown', { key: 'PageUp', repeat: true }));
    dragFast(list);
    expect(isListDragged()).toBe(true);
    list.dispatchEvent(event('keyup', { key: 'PageUp' }));
    expect(isListDragged()).toBe(false);
  });

  it('counts a scrolling key pressed once as the reader moving the list until it rests, not in a text field, not at an edge', () => {
    watch();
    list.dispatchEvent(event('keydown', { key: 'ArrowUp', repeat: false }));
    expect(isReaderMovingList()).toBe(true);
    list.dispatchEvent(event('scrollend'));
    expect(isReaderMovingList()).toBe(false);
    const inField = event('keydown', { key: 'PageUp', repeat: false });
    Object.defineProperty(inField, 'target', { value: { tagName: 'TEXTAREA', isContentEditable: false } });
    list.dispatchEvent(inField);
    expect(isReaderMovingList()).toBe(false);
    const place = list.scrollTop;
    list.scrollTop = list.scrollHeight - list.clientHeight;
    list.dispatchEvent(event('keydown', { key: 'End', repeat: false }));
    expect(isReaderMovingList()).toBe(false);
    list.scrollTop = place;
  });

  it('follows a finger on the list, and the fling after it is lifted while the list moves', () => {
    watch();
    list.dispatchEvent(event('touchstart'));
    // The browser takes the finger over to pan the list: its pointer is cancelled, the touch goes on.
    page.dispatchEvent(event('pointercancel', { pointerType: 'touch' }));
    dragFast(list);
    expect(isListDragged()).toBe(true);
    page.dispatchEvent(event('touchend', { touches: [] }));
    dragFast(list);
    expect(isListDragged()).toBe(true);
    list.dispatchEvent(event('scrollend'));
    moveFast(list);
    moveFast(list);
    expect(isListDragged()).toBe(false);
  });

  it('stops reading the events once stopped', () => {
    watch();
    stop();
    list.dispatchEvent(event('pointerdown', { pointerType: 'mouse', button: 0 }));
    dragFast(list);
    expect(isListDragged()).toBe(false);
  });
});
