import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * For tests: the HTML of an element once every lazily loaded part in it has loaded (the Markdown
 * renderer is one), as the page shows it after that. renderToStaticMarkup cannot wait for them.
 */
export async function renderWhenLoaded(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
