/**
 * The Claude models the built-in agent offers, with what a token costs and how far each reaches,
 * for the `usage` content (specs/eca-protocol-v2.md, "Chat Content Received", ChatUsageContent).
 * Prices are US dollars per million tokens from Anthropic's pricing page
 * (https://docs.anthropic.com/en/docs/about-claude/pricing); cache writes (5 minutes) cost 1.25×
 * the input price and cache reads 0.1×. A model not listed here (or the offline demo) gets no
 * cost: a wrong figure is worse than none.
 */
import type Anthropic from '@anthropic-ai/sdk';

export interface ModelSpec {
  /** Dollars per million input tokens. */
  inputPerMillion: number;
  /** Dollars per million output tokens. */
  outputPerMillion: number;
  /** The context window, in tokens. */
  contextTokens: number;
  /** The most a single answer may hold, in tokens. */
  outputTokens: number;
}

export const MODEL_CATALOG: Readonly<Record<string, ModelSpec>> = {
  'claude-opus-4-6': { inputPerMillion: 5, outputPerMillion: 25, contextTokens: 1_000_000, outputTokens: 128_000 },
  'claude-sonnet-4-6': { inputPerMillion: 3, outputPerMillion: 15, contextTokens: 1_000_000, outputTokens: 64_000 },
  'claude-opus-4-5': { inputPerMillion: 5, outputPerMillion: 25, contextTokens: 200_000, outputTokens: 64_000 },
  'claude-sonnet-4-5': { inputPerMillion: 3, outputPerMillion: 15, contextTokens: 200_000, outputTokens: 64_000 },
  'claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 5, contextTokens: 200_000, outputTokens: 64_000 },
  'claude-opus-4-1': { inputPerMillion: 15, outputPerMillion: 75, contextTokens: 200_000, outputTokens: 32_000 },
};

const CACHE_WRITE_FACTOR = 1.25;
const CACHE_READ_FACTOR = 0.1;

/** The catalog entry of a model, also under its dated name (e.g. `claude-sonnet-4-5-20250929`). */
export function modelSpec(model: string): ModelSpec | undefined {
  return MODEL_CATALOG[model] ?? MODEL_CATALOG[model.replace(/-\d{8}$/, '')];
}

/** Token counts of one request, as the API reports them. */
export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
}

export const NO_TOKENS: TokenCounts = { inputTokens: 0, outputTokens: 0, cacheWriteTokens: 0, cacheReadTokens: 0 };

export function addTokens(a: TokenCounts, b: TokenCounts): TokenCounts {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
  };
}

/** Everything read and written: what ECA's `sessionTokens` counts. */
export function totalTokens(counts: TokenCounts): number {
  return counts.inputTokens + counts.cacheWriteTokens + counts.cacheReadTokens + counts.outputTokens;
}

export function tokenCounts(usage: Partial<Anthropic.Usage> | Partial<Anthropic.MessageDeltaUsage>): TokenCounts {
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
    cacheReadTokens: usage.cache_read_input_tokens ?? 0,
  };
}

/** Dollars, or undefined for a model without a price. */
export function costOf(model: string, counts: TokenCounts): number | undefined {
  const spec = modelSpec(model);
  if (!spec) return undefined;
  const input = counts.inputTokens + counts.cacheWriteTokens * CACHE_WRITE_FACTOR + counts.cacheReadTokens * CACHE_READ_FACTOR;
  return (input * spec.inputPerMillion + counts.outputTokens * spec.outputPerMillion) / 1_000_000;
}

/** As ECA shows costs: dollars with four decimals, e.g. "$0.0123". */
export function formatCost(dollars: number): string {
  return `$${dollars.toFixed(4)}`;
}
