import { generateKeyPairSync } from 'node:crypto';
import { exportPublicKey, signRequest } from '../../server/auth/signatures.ts';
import { DEMO_PASSWORD } from '../../server/db/seed/personas.ts';
import { cookieHeaderFrom } from './http.ts';
import type { RequestSigner, ScenarioContext } from './scenario.ts';

/**
 * Signs in as a demo member over HTTP and signs each request as the SPA does (docs/architecture.md §5),
 * with the same code the API tests use, so the bench measures the real protocol.
 */
export async function signInForBench(
  ctx: ScenarioContext,
  username = 'member',
): Promise<RequestSigner> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const answer = await ctx.send({
    method: 'POST',
    path: '/api/private/mobile/v1/session.json',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user: { username, password: DEMO_PASSWORD, public_key: exportPublicKey(publicKey) },
    }),
  });
  if (answer.status !== 200) {
    throw new Error(`sign-in as ${username} answered ${answer.status}: ${answer.body.toString()}`);
  }
  const cookie = cookieHeaderFrom(answer);
  return {
    publicKey: exportPublicKey(publicKey),
    headersFor(request) {
      const { salt, signature } = signRequest(
        privateKey,
        request.method,
        request.path,
        request.body ?? '',
      );
      return { cookie, 'x-salt': salt, 'x-signature': signature };
    },
  };
}
