/**
 * The console's frame: sign-in until there is a session, then the navigation (Reports, Bid adapters, Placement
 * preview), the signed-in user and "Sign out" (which ends the token on the server: `POST /api/signout/`), and the
 * page the address names. A token the API refuses as expired
 * or invalid ends the session, and the sign-in form says why.
 */
import { useCallback, useMemo, useState } from 'preact/hooks';
import { ApiError } from 'bidfields/client';
import { apiFor } from './api.js';
import { describeError } from './errors.js';
import { href, useRoute, type Page } from './route.js';
import { loadSession, saveSession, type Session } from './session.js';
import { ROLE_NAMES } from './roles.js';
import { SignIn } from './signin.js';
import { ReportsPage } from './reports/reports-page.js';
import { AdaptersPage } from './adapters/adapters-page.js';
import { PreviewPage } from './preview/preview-page.js';

const TITLES: Record<Page, string> = { reports: 'Reports', adapters: 'Bid adapters', preview: 'Placement preview' };

export function App() {
  const [session, setSession] = useState(loadSession);
  const [notice, setNotice] = useState<string>();
  const route = useRoute();
  const api = useMemo(() => apiFor(session?.token), [session]);

  const signedIn = useCallback((next: Session | undefined, why?: string) => {
    saveSession(next);
    setSession(next);
    setNotice(why);
  }, []);
  /** Ends the token on the server, not only in this tab; if the server cannot be told, says what that means. */
  const signOut = useCallback(async () => {
    let why: string | undefined;
    try {
      await api.signOut();
    } catch (error) {
      why = `Signed out in this tab, but the server could not end the session (${describeError(error)}): the token stays valid until it expires.`;
    }
    signedIn(undefined, why);
  }, [api, signedIn]);
  /** Pages hand every API failure here: an expired or invalid token signs out; the rest is theirs to show. */
  const failed = useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError && error.status === 401) signedIn(undefined, describeError(error));
      return describeError(error);
    },
    [signedIn],
  );

  if (!session) return <SignIn onSignedIn={(s) => signedIn(s)} notice={notice} />;
  document.title = `${TITLES[route.page]} · bidfields console`;
  return (
    <>
      <header class="bar">
        <span class="brand">bidfields console</span>
        <nav aria-label="Pages">
          {(Object.keys(TITLES) as Page[]).map((page) => (
            <a href={href(page)} aria-current={route.page === page ? 'page' : undefined}>
              {TITLES[page]}
            </a>
          ))}
        </nav>
        <span class="who">
          {session.user.email} ({ROLE_NAMES[session.user.role] ?? 'unknown role'})
        </span>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main>
        <h1>{TITLES[route.page]}</h1>
        {route.page === 'reports' && <ReportsPage api={api} role={session.user.role} params={route.params} failed={failed} />}
        {route.page === 'adapters' && <AdaptersPage api={api} role={session.user.role} params={route.params} failed={failed} />}
        {route.page === 'preview' && <PreviewPage api={api} role={session.user.role} params={route.params} failed={failed} />}
      </main>
    </>
  );
}
