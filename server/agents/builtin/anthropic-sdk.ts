/**
 * The Anthropic SDK on the relay's own thread, loaded only when a model request failed (its error
 * classes tell the failures apart, model-failure.ts): the requests themselves run in the model's
 * thread (model-stream-thread.ts). Importing it costs a few hundred milliseconds and tens of MiB
 * that a relay need not spend before it is ready (issue 10, bench item 5). Types come from a
 * type-only import.
 */
import type Anthropic from '@anthropic-ai/sdk';

export type AnthropicSdk = typeof Anthropic;

let loading: Promise<AnthropicSdk> | undefined;

export function loadAnthropicSdk(): Promise<AnthropicSdk> {
  loading ??= import('@anthropic-ai/sdk').then((sdk) => sdk.default);
  return loading;
}
