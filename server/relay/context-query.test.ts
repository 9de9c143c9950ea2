import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace/workspace';
import { queryContexts } from './context-query';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'baton-contexts-'));
  await mkdir(path.join(root, 'src', 'parts'), { recursive: true });
  await writeFile(path.join(root, 'README.md'), '# r\n');
  await writeFile(path.join(root, 'src', 'parts', 'wheel.ts'), 'export {}\n');
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('queryContexts', () => {
  it('offers the repo map, folders and files for a blank query', async () => {
    const contexts = await queryContexts({ workspace: new Workspace(root) }, '', []);
    expect(contexts).toEqual([
      { type: 'repoMap' },
      { type: 'directory', path: 'src' },
      { type: 'directory', path: 'src/parts' },
      { type: 'file', path: 'README.md' },
      { type: 'file', path: 'src/parts/wheel.ts' },
    ]);
  });

  it('filters by the query, case-insensitively, and leaves out what is already chosen', async () => {
    const wheelDoc = {
      type: 'mcpResource',
      uri: 'test://wheel',
      name: 'Wheel doc',
      description: '',
      mimeType: 'text/plain',
      server: 'docs',
    } as const;
    const resources = async () => [wheelDoc];
    const contexts = await queryContexts({ workspace: new Workspace(root), resources }, 'WHEEL', [
      { type: 'file', path: 'src/parts/wheel.ts' },
    ]);
    expect(contexts).toEqual([wheelDoc]);
  });
});
