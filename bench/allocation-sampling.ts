/**
 * Bytes a piece of work allocates on the JS heap, by V8's sampling heap profiler (through the
 * inspector, in this process), counting the objects the garbage collector took back meanwhile:
 * what the work gives the collector to do, which a heap snapshot or RSS after the fact does not show.
 * A sample stands for SAMPLING_INTERVAL bytes on average, so figures are estimates, not counts.
 */
import { Session } from 'node:inspector/promises';

const SAMPLING_INTERVAL = 128;

interface SampledNode {
  selfSize: number;
  children: SampledNode[];
}

function totalSize(node: SampledNode): number {
  let total = node.selfSize;
  for (const child of node.children) total += totalSize(child);
  return total;
}

export async function allocatedBytes(work: () => Promise<unknown>): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    await work();
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SampledNode } };
    return totalSize(profile.head);
  } finally {
    session.disconnect();
  }
}
