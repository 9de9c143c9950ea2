/**
 * The `.gitignore` files of a workspace, for the file panel's listing and search: what git would
 * not track is usually what a person does not look for (build output, caches). Each folder's
 * `.gitignore` applies to the paths below it, the deepest one that has a say deciding (a `!rule`
 * there brings back what a higher one ignored), as git does. Parsed with the `ignore` package,
 * which implements git's pattern rules. Rules are read once per folder per instance.
 */
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readRegularFile } from './regular-file';
import { isInsideOrSame } from './workspace-entries';
import { WorkspaceError } from './workspace-error';

/** A `.gitignore` larger than this is not one a person wrote; it is left unread. */
const MAX_GITIGNORE_BYTES = 256 * 1024;

export class GitignoreRules {
  private readonly folders = new Map<string, Promise<Ignore | undefined>>();

  /** `realRoot`: the workspace's real path; entries are judged by real paths inside it. */
  constructor(private readonly realRoot: string) {}

  /** Whether git would ignore the entry at `absolute` (a real path inside the root). */
  async ignores(absolute: string, isDirectory: boolean): Promise<boolean> {
    if (path.basename(absolute) === '.git' && isDirectory) return true;
    const ancestors: string[] = [];
    for (let folder = path.dirname(absolute); isInsideOrSame(this.realRoot, folder); folder = path.dirname(folder)) {
      ancestors.push(folder);
      if (folder === this.realRoot) break;
    }
    // Deepest first: the nearest .gitignore that ignores or un-ignores the path decides.
    for (const folder of ancestors) {
      const rules = await this.rulesOf(folder);
      if (!rules) continue;
      const relative = path.relative(folder, absolute).split(path.sep).join('/') + (isDirectory ? '/' : '');
      const verdict = rules.test(relative);
      if (verdict.ignored) return true;
      if (verdict.unignored) return false;
    }
    return false;
  }

  private rulesOf(folder: string): Promise<Ignore | undefined> {
    let rules = this.folders.get(folder);
    if (!rules) {
      rules = readRules(folder);
      this.folders.set(folder, rules);
    }
    return rules;
  }
}

async function readRules(folder: string): Promise<Ignore | undefined> {
  try {
    const { bytes } = await readRegularFile(path.join(folder, '.gitignore'), '.gitignore', MAX_GITIGNORE_BYTES);
    return ignore().add(bytes.toString('utf8'));
  } catch (error) {
    // No .gitignore here is the usual case. One that is a FIFO, a link swapped in, or absurdly
    // large is not read (readRegularFile's rules), and only hides nothing: listing goes on.
    if (error instanceof WorkspaceError) return undefined;
    throw error;
  }
}
