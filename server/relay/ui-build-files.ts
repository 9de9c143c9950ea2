/**
 * What the UI's static build (`next build` with `output: 'export'`) holds: every regular file
 * under the build folder, by the URL path that names it. The relay serves these and nothing else,
 * so no request can reach a file outside the folder, a directory, or a link placed in it.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The app's one page; every address the single-page app answers is served from it. */
export const APP_PAGE = '/index.html';
/** Next.js writes its not-found page here; the relay sends it with every 404. */
export const NOT_FOUND_PAGE = '/404.html';

/** URL path (`/_next/static/chunks/a.js`) to the file's absolute path. */
export type UiBuildFiles = ReadonlyMap<string, string>;

export async function readUiBuildFiles(folder: string): Promise<UiBuildFiles> {
  const files = new Map<string, string>();
  const visit = async (relativeFolder: string) => {
    const entries = await readdir(path.join(folder, relativeFolder), { withFileTypes: true });
    for (const entry of entries) {
      const relative = path.posix.join(relativeFolder, entry.name);
      // Dirents describe the entry itself: a symbolic link is neither a file nor a folder here.
      if (entry.isDirectory()) await visit(relative);
      else if (entry.isFile()) files.set(`/${relative}`, path.join(folder, relative));
    }
  };
  try {
    await visit('');
  } catch (error) {
    throw new Error(`Could not read the UI build in ${folder}; \`npm run build\` makes it`, { cause: error });
  }
  if (!files.has(APP_PAGE)) {
    throw new Error(`The UI build in ${folder} has no ${APP_PAGE}; \`npm run build\` makes it`);
  }
  return files;
}
