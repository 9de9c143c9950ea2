/** For tests: real archives made with the system's tar, zip (Info-ZIP) and npm from folders written here. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Leaves `postinstall-ran` in the package's folder: whether npm ran the package's scripts. */
const POSTINSTALL = `node -e "require('fs').writeFileSync('postinstall-ran', '')"`;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A .tar.gz of one executable script at `bin/<name>` that prints `greeting`. */
export function agentArchive(folder: string, name: string, greeting: string): Promise<Buffer> {
  return scriptArchive(folder, name, `echo ${greeting}`);
}

/** A .tar.gz of one executable shell script at `bin/<name>` running `body`. */
export async function scriptArchive(folder: string, name: string, body: string): Promise<Buffer> {
  const source = path.join(folder, `${name}-source`);
  await mkdir(path.join(source, 'bin'), { recursive: true });
  await writeFile(path.join(source, 'bin', name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  const archive = path.join(folder, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '-C', source, 'bin']);
  return readFile(archive);
}

/** The same program as agentArchive, as a .zip (file modes kept) or a .tar.bz2. */
export async function agentArchiveAs(folder: string, name: string, greeting: string, format: 'zip' | 'tar.bz2'): Promise<Buffer> {
  const source = path.join(folder, `${name}-source`);
  await mkdir(path.join(source, 'bin'), { recursive: true });
  await writeFile(path.join(source, 'bin', name), `#!/bin/sh\necho ${greeting}\n`, { mode: 0o755 });
  const archive = path.join(folder, `${name}.${format}`);
  if (format === 'zip') execFileSync('zip', ['-q', '-r', archive, 'bin'], { cwd: source });
  else execFileSync('tar', ['-cjf', archive, '-C', source, 'bin']);
  return readFile(archive);
}

/** A .zip whose one entry is `../<file>` (Info-ZIP keeps the `../` of a name given so). */
export async function escapingZip(folder: string, file: string): Promise<Buffer> {
  const inner = path.join(folder, 'escaping-zip', 'inner');
  await mkdir(inner, { recursive: true });
  await writeFile(path.join(inner, '..', file), 'outside\n');
  const archive = path.join(folder, 'escaping.zip');
  execFileSync('zip', ['-q', archive, `../${file}`], { cwd: inner });
  return readFile(archive);
}

/** A .zip holding a symbolic link to `target`, stored as a link (`zip -y`). */
export async function linkZip(folder: string, target: string): Promise<Buffer> {
  const source = path.join(folder, 'link-zip-source');
  await mkdir(source, { recursive: true });
  await symlink(target, path.join(source, 'link'));
  const archive = path.join(folder, 'link.zip');
  execFileSync('zip', ['-q', '-y', archive, 'link'], { cwd: source });
  return readFile(archive);
}

/** A .tar.gz whose one entry is `../<file>`: unpacked naively, it lands beside the target folder. */
export async function escapingArchive(folder: string, file: string): Promise<Buffer> {
  const source = path.join(folder, 'escaping-source');
  await mkdir(source, { recursive: true });
  await writeFile(path.join(source, file), 'outside\n');
  const archive = path.join(folder, 'escaping.tar.gz');
  // -P keeps the `../` that GNU tar would otherwise strip.
  execFileSync('tar', ['-P', '--transform', 's,^,../,', '-czf', archive, '-C', source, file]);
  return readFile(archive);
}

/** A .tar.gz holding a symbolic link to `target`. */
export async function linkArchive(folder: string, target: string): Promise<Buffer> {
  const source = path.join(folder, 'link-source');
  await mkdir(source, { recursive: true });
  await symlink(target, path.join(source, 'link'));
  const archive = path.join(folder, 'link.tar.gz');
  execFileSync('tar', ['-czf', archive, '-C', source, 'link']);
  return readFile(archive);
}

/** `npm pack` of a package whose one program prints `greeting`; its postinstall script leaves `postinstall-ran` in the package. */
export async function packedNpmAgent(folder: string, name: string, version: string, greeting: string): Promise<Buffer> {
  const source = path.join(folder, `${name}-package`);
  await mkdir(source, { recursive: true });
  await writeFile(
    path.join(source, 'package.json'),
    JSON.stringify({ name, version, bin: { [name]: 'agent.js' }, scripts: { postinstall: POSTINSTALL } }),
  );
  await writeFile(path.join(source, 'agent.js'), `#!/usr/bin/env node\nconsole.log(${JSON.stringify(greeting)});\n`, { mode: 0o755 });
  const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', folder], { cwd: source, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  return readFile(path.join(folder, file));
}

/** The npm registry's document for one package with one version, its tarball at `tarballUrl`. */
export function npmPackument(name: string, version: string, tarball: Buffer, tarballUrl: string): string {
  const shasum = createHash('sha1').update(tarball).digest('hex');
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  return JSON.stringify({
    name,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        name,
        version,
        bin: { [name]: 'agent.js' },
        hasInstallScript: true,
        scripts: { postinstall: POSTINSTALL },
        dist: { tarball: tarballUrl, shasum, integrity },
      },
    },
  });
}
