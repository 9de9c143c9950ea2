/** "12 ms", "3.4 s": how long the call took, when the agent says. */
export function formatDuration(totalTimeMs: number | undefined): string {
  if (totalTimeMs === undefined) return '';
  return totalTimeMs < 1000 ? `${Math.round(totalTimeMs)} ms` : `${(totalTimeMs / 1000).toFixed(1)} s`;
}
