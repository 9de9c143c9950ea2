import { fileURLToPath } from 'node:url';

/** Where Baton's own files are (the Next.js app, migrations), whatever folder it was started in. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
