#!/usr/bin/env node
// The relay itself, as bin/baton.mjs starts it. Baton's relay is TypeScript, compiled into one
// JavaScript file on the first start and whenever a relay source changed (./relay-build.mjs).
import { pathToFileURL } from 'node:url';
import { ensureRelayBuild } from './relay-build.mjs';
import { mapBundleStackTraces } from './relay-stack-traces.mjs';

const bundle = await ensureRelayBuild();
mapBundleStackTraces(bundle);
await import(pathToFileURL(bundle).href);
