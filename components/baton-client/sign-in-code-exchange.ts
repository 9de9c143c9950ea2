/**
 * Exchanges the one-time sign-in code of `baton --open`'s address for the relay's token, once
 * (lib/protocol/sign-in-code.ts). Same origin, so the browser sends the page's Origin, which the
 * relay checks as on every request that is not a GET; no cookie goes with it.
 */
import { SIGN_IN_CODE_PATH, SignInCodeAnswerSchema, type SignInCodeAnswer } from '../../lib/protocol/sign-in-code';
import { appRootPath } from '../app-address/app-base';

export type SignInCodeExchange = (code: string) => Promise<SignInCodeAnswer>;

export const exchangeSignInCode: SignInCodeExchange = async (code) => {
  let response: Response;
  try {
    response = await fetch(`${appRootPath()}${SIGN_IN_CODE_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    return { error: `Could not reach Baton's relay to sign in (${String(error)}): open the URL Baton printed.` };
  }
  // A body that is not JSON fails the schema like one of the wrong shape, and is told by its status.
  const answer = SignInCodeAnswerSchema.safeParse(await response.json().catch(() => undefined));
  if (answer.success) return answer.data;
  return { error: `Baton's relay answered the sign-in with status ${response.status}: open the URL Baton printed.` };
};
