/**
 * The Anthropic SDK, loaded at the first model request instead of at start-up: importing it costs
 * a few hundred milliseconds and tens of MiB that a relay nobody has asked anything yet need not
 * spend before it is ready (issue 10, bench item 5). Types come from a type-only import.
 */
import type Anthropic from '@anthropic-ai/sdk';

export type AnthropicSdk = typeof Anthropic;

let loading: Promise<AnthropicSdk> | undefined;

export function loadAnthropicSdk(): Promise<AnthropicSdk> {
  loading ??= import('@anthropic-ai/sdk').then((sdk) => sdk.default);
  return loading;
}
