/**
 * Params of a method whose spec says "params: none". JSON-RPC 2.0 §4.2 lets a sender omit
 * `params`; peers in the wild also send `null` or `{}` for "nothing", so all three are accepted.
 * Senders in Baton omit it.
 */
import { z } from 'zod';

export const AbsentParamsSchema = z.union([z.null(), z.strictObject({})]).optional();
