/**
 * Extracts every JSON example of the protocol specs into lib/protocol/spec-examples/, one file
 * per spec, so the schema tests run on the specs' own examples without the specs folder.
 *
 *   node --import tsx scripts/extract-spec-examples.ts [specs-folder] [--check]
 *
 * The folder defaults to ../shared/specs beside the project. `--check` writes nothing and fails
 * if the committed files differ from what the specs give (`npm test` runs it so, before the unit
 * tests read the files; without the default folder it says so and passes). Blocks that should be
 * JSON and are not (ellipses, comments) are listed with the reason. Exits non-zero if the folder's
 * specs are not the expected ones: a spec added or renamed needs its schemas and a line in
 * EXPECTED_SPECS.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractSpecExamples, type ExtractedSpec } from '../lib/protocol/spec-example-parser';

export const EXPECTED_SPECS = [
  'acp-threads',
  'autohand-jsonrpc',
  'autohand-observed',
  'eca-protocol-v1',
  'eca-protocol-v2',
  'emacs-agent-http-sse',
] as const;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SPECS_FOLDER = path.resolve(projectRoot, '../shared/specs');
export const EXAMPLES_FOLDER = path.join(projectRoot, 'lib/protocol/spec-examples');

/** The file each spec's examples go to, and its contents. */
export async function renderSpecExamples(specsFolder: string): Promise<Map<string, { contents: string; extracted: ExtractedSpec }>> {
  const rendered = new Map<string, { contents: string; extracted: ExtractedSpec }>();
  for (const name of EXPECTED_SPECS) {
    const markdown = await readFile(path.join(specsFolder, `${name}.md`), 'utf8');
    const extracted = extractSpecExamples(`${name}.md`, markdown);
    rendered.set(`${name}.json`, { contents: `${JSON.stringify(extracted.examples, null, 2)}\n`, extracted });
  }
  return rendered;
}

/** The specs in the folder that are not expected, and the expected ones it lacks. */
export async function unexpectedSpecs(specsFolder: string): Promise<{ added: string[]; missing: string[] }> {
  const present = (await readdir(specsFolder)).filter((file) => file.endsWith('.md')).map((file) => file.slice(0, -3));
  const expected: readonly string[] = EXPECTED_SPECS;
  return {
    added: present.filter((name) => !expected.includes(name)),
    missing: expected.filter((name) => !present.includes(name)),
  };
}

async function main(args: string[]): Promise<number> {
  const check = args.includes('--check');
  const given = args.find((arg) => !arg.startsWith('--'));
  const specsFolder = path.resolve(given ?? DEFAULT_SPECS_FOLDER);
  // `npm test` checks by default; a clone without the specs beside it (a CI machine) has nothing to check against.
  if (check && given === undefined && !existsSync(specsFolder)) {
    console.log(`No specs at ${specsFolder}: the committed examples are left unchecked.`);
    return 0;
  }
  const { added, missing } = await unexpectedSpecs(specsFolder);
  if (added.length > 0 || missing.length > 0) {
    console.error(`The specs in ${specsFolder} changed: added [${added.join(', ')}], missing [${missing.join(', ')}].`);
    console.error('Update EXPECTED_SPECS in scripts/extract-spec-examples.ts and the schemas.');
    return 1;
  }
  let stale = 0;
  for (const [file, { contents, extracted }] of await renderSpecExamples(specsFolder)) {
    const target = path.join(EXAMPLES_FOLDER, file);
    const others = Object.entries(extracted.otherBlocks).map(([language, count]) => `${count} ${language || 'plain'}`);
    console.log(`${file}: ${extracted.examples.length} examples; other blocks: ${others.join(', ') || 'none'}`);
    for (const block of extracted.skipped) {
      console.log(`  skipped ${block.spec}:${block.line} (${block.heading}): ${block.reason}`);
    }
    if (check) {
      const committed = await readFile(target, 'utf8').catch(() => '');
      if (committed !== contents) {
        console.error(`  ${path.relative(projectRoot, target)} is stale`);
        stale++;
      }
    } else {
      await writeFile(target, contents);
    }
  }
  if (stale > 0) console.error('Run: node --import tsx scripts/extract-spec-examples.ts');
  return stale > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
