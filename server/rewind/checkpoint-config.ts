/**
 * The `checkpoints` section of config.json: how many of each thread's last turns keep their
 * workspace checkpoints (checkpoint-retention.ts). A rewind further back than that restores no
 * files of the older turns and says so.
 */
import { z } from 'zod';

export const CheckpointsConfigSchema = z.strictObject({
  keepTurns: z.number().int().min(1).optional(),
});

export type CheckpointsConfig = z.infer<typeof CheckpointsConfigSchema>;
