/**
 * A `binary` distribution: this platform's archive downloaded, its sha256 checked when the
 * registry gives one, and unpacked into the agent's own folder (a .tar, .tar.gz, .tar.bz2 or .zip;
 * archive-entries.ts refuses entries that would land elsewhere). An address that is not an archive is the program itself.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BinaryTarget } from '../../../lib/protocol/agent-catalogue';
import type { InstalledCommand } from './installed-command';
import type { ReportProgress } from './install-progress';
import { InstallError } from './run-installer';

/** Past this, a download is refused rather than held in memory. */
const MAX_ARCHIVE_BYTES = 512 * 1024 * 1024;

/** Progress is told at most this often, in bytes (and at the end). */
const REPORT_EVERY_BYTES = 64 * 1024;

async function download(url: string, report: ReportProgress): Promise<Buffer> {
  const response = await fetch(url, { redirect: 'follow' }).catch((error: unknown) => {
    throw new InstallError(
      `could not download ${url}: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
    );
  });
  if (!response.ok || !response.body) throw new InstallError(`could not download ${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length') ?? 0) || undefined;
  if (total !== undefined && total > MAX_ARCHIVE_BYTES) throw new InstallError(`${url} is larger than ${MAX_ARCHIVE_BYTES} bytes`);
  const told = (receivedBytes: number) => report({ stage: 'downloading', receivedBytes, ...(total ? { totalBytes: total } : {}) });
  told(0);
  const chunks: Buffer[] = [];
  let received = 0;
  let reported = 0;
  const reader = response.body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const chunk = next.value;
      received += chunk.length;
      if (received > MAX_ARCHIVE_BYTES) throw new InstallError(`${url} is larger than ${MAX_ARCHIVE_BYTES} bytes`);
      chunks.push(Buffer.from(chunk));
      if (received - reported >= REPORT_EVERY_BYTES) {
        told(received);
        reported = received;
      }
    }
  } catch (error) {
    // The download is abandoned either way and the error below says why; a stream that broke may
    // also refuse to be cancelled, and that second failure adds nothing the user could act on.
    void reader.cancel().catch(() => undefined);
    if (error instanceof InstallError) throw error;
    throw new InstallError(`the download of ${url} broke off: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (reported !== received) told(received);
  return Buffer.concat(chunks);
}

function archiveKind(url: string): 'tar' | 'zip' | 'raw' {
  const pathname = new URL(url).pathname.toLowerCase();
  if (/\.(tar\.gz|tgz|tar\.bz2|tbz2?|tar)$/.test(pathname)) return 'tar';
  if (pathname.endsWith('.zip')) return 'zip';
  return 'raw';
}

export async function installBinary(
  target: BinaryTarget,
  folder: string,
  report: ReportProgress = () => undefined,
): Promise<InstalledCommand> {
  const kind = archiveKind(target.archive);
  const bytes = await download(target.archive, report);
  if (target.sha256 !== undefined) {
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== target.sha256.toLowerCase()) {
      throw new InstallError(
        `the download of ${target.archive} does not match the registry's checksum (sha256 ${actual}, expected ${target.sha256.toLowerCase()}); nothing was installed`,
      );
    }
  }
  const command = path.resolve(folder, target.cmd);
  const relative = path.relative(folder, command);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative))
    throw new InstallError(`the registry's command ${JSON.stringify(target.cmd)} is outside the install folder`);
  if (kind !== 'raw') {
    report({ stage: 'unpacking' });
    // The archive readers load with the first install, not with every relay.
    const extract = kind === 'zip' ? (await import('./zip-extract')).extractZip : (await import('./tar-extract')).extractTar;
    await extract(bytes, folder).catch((error: unknown) => {
      throw new InstallError(`refused the archive ${target.archive}: ${error instanceof Error ? error.message : String(error)}`);
    });
  } else {
    await mkdir(path.dirname(command), { recursive: true });
    await writeFile(command, bytes, { mode: 0o755, flag: 'wx' });
  }
  return { command, args: target.args ?? [], env: target.env ?? {} };
}
