/**
 * The data folder's small state files (push keys, paired devices, the inbox's unseen ends), each
 * replaced atomically: written beside, then renamed into place, so that a crash leaves the old file
 * or the new one and no reader ever sees half of one. Readable by the user alone (mode 0600): some
 * hold secrets, and none is any other user's business.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

export async function writePrivateFile(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const written = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(written, 'wx', 0o600);
  try {
    try {
      // The mode given to open is narrowed by the umask only; chmod makes it exactly 0600.
      await handle.chmod(0o600);
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(written, file);
  } catch (error) {
    // The failure is what the caller needs to hear; the file left beside is removed if it can be.
    await unlink(written).catch(() => undefined);
    throw error;
  }
}
