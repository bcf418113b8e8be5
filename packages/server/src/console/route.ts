/**
 * Which page is shown, from the address's hash: `#/reports?startDate=…` is the reports page with its settings, so
 * a report can be bookmarked and shared, and the server only ever serves `/`.
 */
import { useEffect, useState } from 'preact/hooks';

export type Page = 'reports' | 'adapters' | 'preview';
export interface Route {
  page: Page;
  params: URLSearchParams;
}

const PAGES: readonly Page[] = ['reports', 'adapters', 'preview'];

function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const page = (PAGES as readonly string[]).includes(path) ? (path as Page) : 'reports';
  return { page, params: new URLSearchParams(query) };
}

export function href(page: Page, params?: URLSearchParams | Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `#/${page}${query ? `?${query}` : ''}`;
}

/** Sets the address without a new history entry when `replace`. */
export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    addEventListener('popstate', update);
    return () => {
      removeEventListener('hashchange', update);
      removeEventListener('popstate', update);
    };
  }, []);
  return route;
}
