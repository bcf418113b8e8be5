/**
 * The endpoint check of the compact engine (the Prebid.js bundle): the very rules of `checkEndpoint`
 * (endpoint/endpoint-rules.ts), the same verdict for every endpoint, without the sentences that explain them;
 * `bidfields validate` gives those.
 */
import { endpointCode, judgeEndpoint, type EndpointOptions } from '../endpoint/endpoint-rules.js';
import type { Protocol } from '../types.js';

/**
 * The parsed endpoint, or the code it is refused with. Never throws.
 * @example checkEndpointCompact('https://bid.example.com', 'prebid-js', { knownEndpoints: ['*.example.com'] }) // URL
 */
export function checkEndpointCompact(value: unknown, protocol: Protocol, options: EndpointOptions): URL | 'invalid_endpoint' | 'unknown_endpoint' {
  try {
    const result = judgeEndpoint(value, protocol, options);
    return 'reason' in result ? endpointCode(result.reason) : result.url;
  } catch {
    return 'invalid_endpoint';
  }
}
