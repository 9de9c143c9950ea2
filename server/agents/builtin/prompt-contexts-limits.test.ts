/** Contexts that expand to more than one prompt may carry fail with a reason that names the limit. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Workspace } from '../../workspace/workspace';
import { ContextsTooLargeError, MAX_CONTEXTS_CHARACTERS } from '../prompt-limits';
import { contextsPrompt, MAX_CONTEXT_CHARACTERS } from './prompt-contexts';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-context-limits-'));
  await writeFile(path.join(folder, 'big.txt'), 'x'.repeat(MAX_CONTEXT_CHARACTERS));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const sources = () => ({ workspace: new Workspace(folder), signal: new AbortController().signal });

it('expands contexts up to the limit of one prompt', async () => {
  const fitting = Math.floor(MAX_CONTEXTS_CHARACTERS / (MAX_CONTEXT_CHARACTERS + 100));
  const contexts = Array.from({ length: fitting }, () => ({ type: 'file' as const, path: 'big.txt' }));
  const text = await contextsPrompt(contexts, sources());
  expect(text?.length).toBeLessThanOrEqual(MAX_CONTEXTS_CHARACTERS + 200);
  expect(text?.match(/<context type="file"/g)).toHaveLength(fitting);
});

it('fails beyond it, with a reason that names the limit', async () => {
  const contexts = Array.from({ length: 11 }, () => ({ type: 'file' as const, path: 'big.txt' }));
  const expanded = contextsPrompt(contexts, sources());
  await expect(expanded).rejects.toBeInstanceOf(ContextsTooLargeError);
  await expect(expanded).rejects.toThrow(
    'The attached contexts expand to more than 1,000,000 characters, the limit for one prompt: attach fewer or smaller ones.',
  );
});
