/**
 * Test support: real special files in a workspace, as a hostile repository would hold them. A FIFO
 * (`mkfifo`) and a Unix socket can be made by anyone; a character device twin of `/dev/zero`
 * (`mknod c 1 5`) needs root, which CI has, so it is made whenever the tests run as root.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface SpecialFile {
  /** Workspace-relative name. */
  name: string;
  /** How a refusal names its kind. */
  kind: string;
}

export interface SpecialFiles {
  files: SpecialFile[];
  close(): Promise<void>;
}

export const RUNS_AS_ROOT = process.getuid?.() === 0;

/** Makes `pipe.txt` (FIFO), `socket.txt` (Unix socket) and, as root, `zero.txt` (character device 1,5) in `root`. */
export async function makeSpecialFiles(root: string): Promise<SpecialFiles> {
  await run('mkfifo', [path.join(root, 'pipe.txt')]);
  const server = await listenOn(path.join(root, 'socket.txt'));
  const files: SpecialFile[] = [
    { name: 'pipe.txt', kind: 'a FIFO (named pipe)' },
    { name: 'socket.txt', kind: 'a socket' },
  ];
  if (RUNS_AS_ROOT) {
    await run('mknod', [path.join(root, 'zero.txt'), 'c', '1', '5']);
    files.push({ name: 'zero.txt', kind: 'a character device' });
  }
  return { files, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function listenOn(socketPath: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(socketPath, () => resolve(server));
  });
}
