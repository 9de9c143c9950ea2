import { ensureUiBuild } from '../server/relay/ensure-ui-build';

/** Builds the UI once, so that no test pays for it inside its own time limit. */
export default async function globalSetup(): Promise<void> {
  await ensureUiBuild((message) => process.stderr.write(`e2e: ${message}\n`));
}
