import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempFolder } from '../../../e2e/support/relay-process';
import { startScriptedModelServer } from '../../demo-model/scripted-model-server';
import { PROJECT_ROOT } from '../../relay/project-root';
import { anthropicSdkBundleFile, anthropicSdkModule, buildAnthropicSdkBundle } from './anthropic-sdk-bundle.mjs';
import { ModelStreamThread } from './model-stream-thread';

const { VERSION } = await import('@anthropic-ai/sdk/version');

/** A Baton folder of its own (its node_modules are this one's), with no SDK bundle built yet. */
let root: { path: string; remove(): Promise<void> };
beforeEach(async () => {
  root = await makeTempFolder('sdk-bundle');
  await writeFile(path.join(root.path, 'package.json'), '{"type":"module"}');
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(root.path, 'node_modules'));
});
afterEach(() => root.remove());

describe('the Anthropic SDK bundle for the model worker', () => {
  it('is named by the installed SDK version, and used only once built for that version', async () => {
    const bundle = anthropicSdkBundleFile(root.path);
    expect(bundle).toBe(path.join(root.path, '.relay-build', `anthropic-sdk-${VERSION}.mjs`));
    expect(anthropicSdkModule(root.path)).toBe('@anthropic-ai/sdk');

    await mkdir(path.dirname(bundle));
    await writeFile(path.join(path.dirname(bundle), 'anthropic-sdk-0.0.1.mjs'), 'export default null;');
    expect(anthropicSdkModule(root.path)).toBe('@anthropic-ai/sdk');

    await buildAnthropicSdkBundle(root.path);
    expect(anthropicSdkModule(root.path)).toBe(`file://${bundle}`);
  });

  it('answers in the model worker as the package does', async () => {
    const model = await startScriptedModelServer({ script: () => ({ blocks: [{ type: 'text', text: 'one two three' }] }) });
    const bundle = await buildAnthropicSdkBundle(root.path);
    const threads = ['@anthropic-ai/sdk', `file://${bundle}`].map(
      (sdkModule) => new ModelStreamThread({ apiKey: 'test-key', baseURL: model.url, maxRetries: 0 }, { sdkModule }),
    );
    try {
      const answers = await Promise.all(
        threads.map((thread) =>
          thread
            .stream(
              { model: 'scripted', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] },
              { signal: new AbortController().signal },
            )
            .finalMessage(),
        ),
      );
      expect(answers.map((answer) => answer.content)).toEqual([
        [expect.objectContaining({ type: 'text', text: 'one two three' })],
        [expect.objectContaining({ type: 'text', text: 'one two three' })],
      ]);
      expect(model.requests).toHaveLength(2);
    } finally {
      for (const thread of threads) thread.close();
      await model.close();
    }
  });
});
