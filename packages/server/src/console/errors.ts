/** API errors in words for people: what happened and what to do, never a bare status code. */
import { ApiError } from 'bidfields/client';

function seconds(n: number): string {
  if (n < 90) return `${n} second${n === 1 ? '' : 's'}`;
  const minutes = Math.ceil(n / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** One sentence for an error from the client. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return `Something went wrong: ${(error as Error)?.message ?? String(error)}`;
  switch (error.code) {
    case 'invalid_credentials':
      return 'Wrong e-mail or password.';
    case 'too_many_requests':
      return error.retryAfter !== undefined
        ? `Too many failed sign-ins for this e-mail. Try again in ${seconds(error.retryAfter)}.`
        : 'Too many failed sign-ins for this e-mail. Try again later.';
    case 'token_expired':
      return 'Your session has expired. Sign in again.';
    case 'invalid_token':
    case 'unauthorized':
      return 'You are not signed in. Sign in again.';
    case 'forbidden':
      return 'Your role may not do this.';
    case 'version_conflict':
      return `Someone saved this adapter meanwhile: ${error.message}`;
    case 'network_error':
      return 'The server could not be reached.';
    case 'timeout':
      return 'The server did not answer in time.';
    default:
      return error.issues.length > 0 ? `${error.message}: ${error.issues.map((i) => `${i.path || '/'} ${i.message}`).join('; ')}` : `${error.message}.`;
  }
}
