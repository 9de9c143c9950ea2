#!/usr/bin/env node
// Baton's relay is TypeScript; tsx compiles it on the fly so there is no separate build step.
import { register } from 'tsx/esm/api';

register();
await import('../server/cli.ts');
