/**
 * The methods each known path answers, so that a known path asked with another method is 405 with `Allow` rather
 * than 404 (docs/spec.md#errors). Routes match with or without the trailing slash, so paths are compared without it — except
 * the root, which stays `/` (stripping it left an empty path that matched nothing, and `POST /` was 404). A
 * parametric segment (`/assets/:name`) stands for any one segment, so `POST /assets/app.js` is 405 too.
 */

/** The known paths and their methods, filled from Fastify's `onRoute` hook. */
export interface AllowedMethods {
  /** Records a route: its URL as registered (`/api/adapters/:bidderCode`) and its method(s). */
  add(url: string, method: string | readonly string[]): void;
  /** The methods of the route a request path (no query) names; undefined when it names none. */
  of(path: string): string[] | undefined;
}

/** A path without its trailing slash, the root excepted. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** A route URL as a pattern for request paths: each `:param` segment matches one segment, the rest literally. */
function patternOf(url: string): RegExp {
  const segments = url.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * Makes an empty table of known paths.
 *
 * @example
 * const known = allowedMethods()
 * known.add('/assets/:name', 'GET')
 * known.of('/assets/app.js') // ['GET']
 */
export function allowedMethods(): AllowedMethods {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  return {
    add(url, method) {
      // A catch-all (the CORS plugin's `OPTIONS *`) names no path of its own: it would make every path known.
      if (!url.startsWith('/') || url.includes('*')) return;
      const key = withoutTrailingSlash(url);
      const route = routes.get(key) ?? { pattern: patternOf(key), methods: new Set<string>() };
      for (const one of [method].flat()) route.methods.add(one);
      routes.set(key, route);
    },
    of(path) {
      const key = withoutTrailingSlash(path);
      // A static path first, as Fastify routes it, then the parametric ones.
      const route = routes.get(key) ?? [...routes.values()].find(({ pattern }) => pattern.test(key));
      return route && [...route.methods];
    },
  };
}
