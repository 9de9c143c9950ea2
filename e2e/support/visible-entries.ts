/** Which entries of the chat list the reader sees, read once the list has stopped moving. */
import type { Page } from '@playwright/test';

export interface VisibleEntries {
  /** The thread positions of the first and last entry at least partly in view. */
  first: number;
  last: number;
  /** The list is scrolled to its very top / bottom. */
  atTop: boolean;
  atBottom: boolean;
}

/** Frames in a row the view must stay the same to count as settled (a scroll animation, a page arriving, Markdown rendering). */
const STILL_FRAMES = 8;
const MAX_FRAMES = 1_200;

/**
 * The entries in view once the scroll position, the list's height and what is in view have stayed
 * the same for several frames (a key press scrolls smoothly; older pages and Markdown arrive later).
 */
export async function settledView(page: Page): Promise<VisibleEntries> {
  return page.getByTestId('chat-entries').evaluate(
    (scroller, { stillFrames, maxFrames }) => {
      const read = () => {
        const box = scroller.getBoundingClientRect();
        const indices = [...scroller.querySelectorAll<HTMLElement>('[data-entry-index]')]
          .filter((item) => {
            const rect = item.getBoundingClientRect();
            return rect.height > 0 && rect.bottom > box.top + 1 && rect.top < box.bottom - 1;
          })
          .map((item) => Number(item.dataset.entryIndex));
        return {
          first: Math.min(...indices),
          last: Math.max(...indices),
          atTop: scroller.scrollTop <= 1,
          atBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= 1,
          key: `${scroller.scrollTop}:${scroller.scrollHeight}:${indices.join(',')}`,
        };
      };
      return new Promise<VisibleEntries>((resolve, reject) => {
        let previous = '';
        let still = 0;
        let frames = 0;
        const check = () => {
          const view = read();
          still = view.key === previous ? still + 1 : 0;
          previous = view.key;
          frames += 1;
          if (still >= stillFrames && Number.isFinite(view.first)) {
            resolve({ first: view.first, last: view.last, atTop: view.atTop, atBottom: view.atBottom });
          } else if (frames > maxFrames) {
            reject(new Error(`The chat list did not settle: ${view.key}`));
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      });
    },
    { stillFrames: STILL_FRAMES, maxFrames: MAX_FRAMES },
  );
}
