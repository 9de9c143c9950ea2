/**
 * No import cycles (lib/testing/import-graph.ts builds the graph). Files that import each other, even for
 * a type, can only be read, tested and changed together: a cycle is cut with a small interface
 * where the dependency is real (the hub declares the turn hooks it calls, rewind implements them)
 * and by moving a type where it is not. Folded onto folders the graph has no cycle either: the schemas
 * (lib/protocol) below the JSON-RPC engine (lib/rpc), the child machinery (server/process) below
 * the agents and their processes, the store's context and the app's addresses below every feature
 * folder of components/, the shell above them all. A few folders must not lean on each other at all.
 */
import { describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  cyclesOf,
  folderGraph,
  type ImportGraph,
  importsBetween,
  owningFolder,
  withoutTests,
} from './testing/import-graph';

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

/** Each folder cycle with the file imports that make it, so that a failure says where to cut. */
function folderCyclesWithEdges(graph: ImportGraph): string[][] {
  return cyclesOf(folderGraph(graph)).map((folders) => {
    const inCycle = new Set(folders);
    const edges = [...graph].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) => owningFolder(target) !== owningFolder(file) && inCycle.has(owningFolder(file)) && inCycle.has(owningFolder(target)),
        )
        .map((target) => `${file} → ${target}`),
    );
    return [folders.join(' ⇄ '), ...edges];
  });
}

describe('import cycles', () => {
  const graph = buildImportGraph();

  it('has none among the files of server, lib, stores, components and app', () => {
    expect(cyclesOf(graph).filter((cycle) => !allowed(cycle))).toEqual([]);
  });

  it('has none among the folders either (lib/protocol, server/hub, components/chat…), tests aside', () => {
    // A folder's subfolders count as the folder (server/agents/acp is server/agents); test support
    // (testing/) counts, since a folder whose helpers lean back on a folder above cannot be tested alone.
    expect(folderCyclesWithEdges(withoutTests(graph))).toEqual([]);
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

  it('folds files onto their feature folders, leaving imports inside a folder out', () => {
    const made: ImportGraph = new Map([
      ['server/hub/a.ts', ['server/hub/b.ts', 'server/agents/acp/c.ts']],
      ['server/agents/acp/c.ts', ['server/agents/d.ts']],
      ['server/agents/d.ts', ['server/hub/b.ts']],
      ['server/cli.ts', ['server/hub/a.ts']],
      ['lib/x.test.ts', ['server/cli.ts']],
    ]);
    expect(folderCyclesWithEdges(withoutTests(made))).toEqual([
      ['server/agents ⇄ server/hub', 'server/hub/a.ts → server/agents/acp/c.ts', 'server/agents/d.ts → server/hub/b.ts'],
    ]);
  });
});
