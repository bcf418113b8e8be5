/**
 * The console's API calls go through `bidfields/client` on the page's own origin (the server that served it), so
 * the page needs no CORS and uses exactly the client other programs use. The known endpoints are the server's
 * `--known-endpoint` list, which it writes into the page's `<meta name="bidfields-known-endpoints">`, so the
 * editor checks a record with the very options the server's save will use.
 */
import { createClient, type ApiClient } from 'bidfields/client';

export function apiFor(token: string | undefined): ApiClient {
  return createClient({ baseUrl: location.origin, ...(token !== undefined && { token }) });
}

/** The server's known endpoints (a space-separated list in the page's meta tag). */
export function knownEndpoints(): string[] {
  const content = document.querySelector('meta[name="bidfields-known-endpoints"]')?.getAttribute('content') ?? '';
  return content.startsWith('%') ? [] : content.split(/\s+/).filter(Boolean);
}

/** Whether the server admits local endpoints the list names (its test mode). */
export function allowLocal(): boolean {
  return document.querySelector('meta[name="bidfields-allow-local"]')?.getAttribute('content') === 'true';
}
