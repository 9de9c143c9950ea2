/**
 * The one-time sign-in code of `baton --open` (server/relay/sign-in-codes.ts): the opener's command
 * line, which every local user can read, gets an address with a code in its fragment
 * (`#code=…`) instead of the token; the page exchanges it once, over a POST that passes the Host
 * and Origin checks of every request, for the token, which it then keeps as it keeps a token from
 * the printed URL.
 */
import { z } from 'zod';
import { DeviceNameSchema, DeviceScopeSchema } from './devices';

/** Where the page posts the code, relative to the app's root. */
export const SIGN_IN_CODE_PATH = 'sign-in-code';

/** The most a code exchange's body may hold; a code is 43 characters. */
export const SIGN_IN_CODE_MAX_BODY_BYTES = 1024;

export const SignInCodeRequestSchema = z.strictObject({ code: z.string().min(1).max(256) });
export type SignInCodeRequest = z.infer<typeof SignInCodeRequestSchema>;

/** With `device`: the code was a pairing code, and `token` is that device's own credential, never the main token. */
export const SignInCodeAnswerSchema = z.union([
  z.strictObject({ token: z.string().min(1), device: z.strictObject({ name: DeviceNameSchema, scope: DeviceScopeSchema }).optional() }),
  z.strictObject({ error: z.string().min(1) }),
]);
export type SignInCodeAnswer = z.infer<typeof SignInCodeAnswerSchema>;

export const SIGN_IN_CODE_EXPIRED_MESSAGE =
  'This sign-in link has expired (it works for a few seconds after Baton opens it): open the URL Baton printed.';
export const PAIRING_CODE_EXPIRED_MESSAGE =
  'This pairing code has expired (each works for a few minutes): make a new one on the computer Baton runs on.';
export const PAIRING_CODE_UNKNOWN_MESSAGE =
  'This pairing code was used already, or is wrong (each works once): check it, or make a new one on the computer Baton runs on.';
export const SIGN_IN_CODE_UNKNOWN_MESSAGE =
  'This sign-in link was used already, or is not from this Baton (each works once): open the URL Baton printed.';
