import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveWorkspacePath } from './resolve-workspace-path';
import { WorkspaceError, WorkspacePathError } from './workspace-error';

let base: string;
let root: string;
let outsideFolder: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-jail-')));
  root = path.join(base, 'ws');
  outsideFolder = path.join(base, 'ws-other');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await mkdir(outsideFolder);
  await writeFile(path.join(root, 'README.md'), '# inside\n');
  await writeFile(path.join(root, 'src', 'index.ts'), 'export {};\n');
  await writeFile(path.join(outsideFolder, 'secret.txt'), 'secret\n');
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function refusal(requestedPath: string): Promise<WorkspacePathError> {
  const error = await resolveWorkspacePath(root, requestedPath).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkspacePathError);
  return error as WorkspacePathError;
}

describe('resolveWorkspacePath', () => {
  it('resolves relative paths, normalized, inside the root', async () => {
    expect(await resolveWorkspacePath(root, 'README.md')).toBe(path.join(root, 'README.md'));
    expect(await resolveWorkspacePath(root, 'src/../README.md')).toBe(path.join(root, 'README.md'));
    expect(await resolveWorkspacePath(root, '.')).toBe(root);
  });

  it('accepts an absolute path only when it lies inside the root', async () => {
    expect(await resolveWorkspacePath(root, path.join(root, 'src', 'index.ts'))).toBe(path.join(root, 'src', 'index.ts'));
    expect((await refusal(path.join(outsideFolder, 'secret.txt'))).code).toBe('outside-workspace');
    expect((await refusal('/etc/passwd')).code).toBe('outside-workspace');
  });

  it('refuses paths that climb out with ..', async () => {
    expect((await refusal('../ws-other/secret.txt')).code).toBe('outside-workspace');
    expect((await refusal('src/../../ws-other/secret.txt')).code).toBe('outside-workspace');
    expect((await refusal('..')).code).toBe('outside-workspace');
  });

  it('refuses a prefix-sibling folder although its name starts with the root', async () => {
    const error = await refusal(path.join(`${root}-other`, 'secret.txt'));
    expect(error.code).toBe('outside-workspace');
    expect(error.message).toContain('outside the workspace');
  });

  it('allows names that merely start with two dots', async () => {
    expect(await resolveWorkspacePath(root, '..notes.md')).toBe(path.join(root, '..notes.md'));
  });

  it('refuses a symlinked file whose target is outside', async () => {
    await symlink(path.join(outsideFolder, 'secret.txt'), path.join(root, 'link.txt'));
    expect((await refusal('link.txt')).code).toBe('outside-workspace');
  });

  it('refuses paths under a symlinked folder that points outside, even for new files', async () => {
    await symlink(outsideFolder, path.join(root, 'escape'));
    expect((await refusal('escape/secret.txt')).code).toBe('outside-workspace');
    expect((await refusal('escape/new-folder/new-file.txt')).code).toBe('outside-workspace');
  });

  it('follows symlinks that stay inside the workspace', async () => {
    await symlink(path.join(root, 'src'), path.join(root, 'source-link'));
    expect(await resolveWorkspacePath(root, 'source-link/index.ts')).toBe(path.join(root, 'src', 'index.ts'));
  });

  it('refuses a dangling symlink, which a write would follow wherever it points', async () => {
    await symlink(path.join(outsideFolder, 'not-yet.txt'), path.join(root, 'dangling.txt'));
    expect((await refusal('dangling.txt')).code).toBe('dangling-symlink');
  });

  it('resolves paths that do not exist yet through their nearest existing ancestor', async () => {
    expect(await resolveWorkspacePath(root, 'new/deeper/file.md')).toBe(path.join(root, 'new', 'deeper', 'file.md'));
  });

  it('works when the root itself is reached through a symlink', async () => {
    const linkedRoot = path.join(base, 'linked-root');
    await symlink(root, linkedRoot);
    expect(await resolveWorkspacePath(linkedRoot, 'README.md')).toBe(path.join(root, 'README.md'));
    expect(await resolveWorkspacePath(linkedRoot, path.join(linkedRoot, 'README.md'))).toBe(path.join(root, 'README.md'));
    await expect(resolveWorkspacePath(linkedRoot, '../ws-other/secret.txt')).rejects.toMatchObject({
      code: 'outside-workspace',
    });
  });

  it('refuses empty paths and NUL bytes as invalid', async () => {
    expect((await refusal('')).code).toBe('invalid-path');
    expect((await refusal('README.md\0.png')).code).toBe('invalid-path');
  });

  it('reports a missing workspace root as its own error', async () => {
    const error = await resolveWorkspacePath(path.join(base, 'missing'), 'a.txt').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect(error).toMatchObject({ code: 'workspace-missing' });
  });
});
