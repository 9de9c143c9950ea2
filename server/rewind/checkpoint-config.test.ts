/** The `checkpoints` section of config.json: a cap below one turn, or an unknown key, stops start-up at its line. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRelayConfig } from '../relay/relay-config';
import { CheckpointsConfigSchema } from './checkpoint-config';

let folder: string;
let file: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'baton-checkpoint-config-'));
  file = path.join(folder, 'config.json');
});

afterEach(() => rm(folder, { recursive: true, force: true }));

const loaded = async (config: object) => {
  await writeFile(file, JSON.stringify(config, null, 2));
  return loadRelayConfig(file);
};

describe('the checkpoints section of config.json', () => {
  it('takes a cap of one turn or more', async () => {
    expect(CheckpointsConfigSchema.parse((await loaded({ checkpoints: { keepTurns: 3 } })).checkpoints)).toEqual({ keepTurns: 3 });
    expect(CheckpointsConfigSchema.parse((await loaded({})).checkpoints ?? {})).toEqual({});
  });

  it('names the line of a cap below one turn, or of a key it does not know', async () => {
    await expect(loaded({ checkpoints: { keepTurns: 0 } })).rejects.toThrow(
      `Bad config file ${file}:3: checkpoints.keepTurns: Too small: expected number to be >=1`,
    );
    await expect(loaded({ checkpoints: { keepTurns: 2.5 } })).rejects.toThrow(/checkpoints\.keepTurns: Invalid input: expected int/);
    await expect(loaded({ checkpoints: { keep: 2 } })).rejects.toThrow(/:3: checkpoints.keep: Unrecognized key: "keep"/);
  });
});
