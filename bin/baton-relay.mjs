#!/usr/bin/env node
// The relay itself, as bin/baton.mjs starts it. Baton's relay is TypeScript; tsx compiles it on
// the fly so there is no separate build step.
import { register } from 'tsx/esm/api';

register();
await import('../server/cli.ts');
