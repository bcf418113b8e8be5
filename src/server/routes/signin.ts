/**
 * `POST /api/signin/` (SPEC §7.1): the body goes to the sign-in service, and its outcome becomes 200 with
 * `{ token, user }`, 400 with issues, 401 with one fixed body whatever the reason, or 429 with `Retry-After`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInService } from '../../auth/signin.js';
import { readJsonBody } from '../body.js';
import { HttpError } from '../http-error.js';
import { sendJson } from '../respond.js';

/** Handles a sign-in request. */
export async function handleSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  service: SignInService,
  maxBodyBytes: number,
): Promise<void> {
  const outcome = await service.signIn(await readJsonBody(req, maxBodyBytes));
  if (outcome.ok) return sendJson(res, 200, { token: outcome.token, user: outcome.user });
  switch (outcome.status) {
    case 400:
      throw new HttpError(400, 'invalid_request', 'the sign-in request is invalid', outcome.issues);
    case 401:
      throw new HttpError(401, 'invalid_credentials', 'wrong e-mail or password');
    case 429:
      throw new HttpError(429, 'too_many_requests', 'too many failed sign-ins for this e-mail; try again later', undefined, {
        'Retry-After': String(outcome.retryAfter),
      });
  }
}
