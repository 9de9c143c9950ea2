/**
 * No import cycles (lib/testing/import-graph.ts builds the graph). Files that import each other, even for
 * a type, can only be read, tested and changed together: a cycle is cut with a small interface
 * where the dependency is real (the hub declares the turn hooks it calls, rewind implements them)
 * and by moving a type where it is not. A few folders must not lean on each other either.
 */
import { describe, expect, it } from 'vitest';
import { buildImportGraph, cyclesOf, type ImportGraph, importsBetween } from './testing/import-graph';

/** Cycles left on purpose, each with its reason; a cycle is matched by its sorted member list. */
const ALLOWED: ReadonlyArray<{ files: RegExp; reason: string }> = [
  {
    files: /^server\/store\/generated(-pg)?\//,
    reason: "Prisma's generated client: rewritten by `prisma generate`, not ours to arrange",
  },
  {
    files: /^stores\/(baton-state|active-agent|[a-z-]+-slice)\.ts$/,
    reason:
      "zustand's slices pattern: baton-state.ts is the intersection of the slices' types and each slice is typed over the whole store (type-only edges back), since its actions call across slices",
  },
];

const allowed = (cycle: readonly string[]) => ALLOWED.some(({ files }) => cycle.every((file) => files.test(file)));
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The graph without test files: a test may reach into another folder to drive it for real. */
function withoutTests(graph: ImportGraph): ImportGraph {
  return new Map(
    [...graph].filter(([file]) => !isTest(file)).map(([file, targets]) => [file, targets.filter((target) => !isTest(target))]),
  );
}

describe('import cycles', () => {
  const graph = buildImportGraph();

  it('has none among the files of server, lib, stores, components and app', () => {
    expect(cyclesOf(graph).filter((cycle) => !allowed(cycle))).toEqual([]);
  });

  it('keeps the hub off rewind: the hub calls the turn hooks it declares, rewind implements them', () => {
    expect(importsBetween(graph, 'server/hub', 'server/rewind')).toEqual([]);
  });

  it('keeps the thread file commands off the relay, whose data folder lock they share', () => {
    expect(importsBetween(withoutTests(graph), 'server/export', 'server/relay')).toEqual([]);
  });

  it('finds the cycles it is meant to find', () => {
    const made: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['d.ts']],
      ['f.ts', ['a.ts']],
    ]);
    expect(cyclesOf(made)).toEqual([
      ['a.ts', 'b.ts', 'c.ts'],
      ['d.ts', 'e.ts'],
    ]);
  });
});
