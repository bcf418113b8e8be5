/**
 * The signed-in user of this tab: the token and user record live in sessionStorage, so they last for the tab
 * (a reload keeps them) and no longer: another tab signs in on its own, and closing the tab forgets the token.
 */
import type { UserRecord } from 'bidfields/client';

const KEY = 'bidfields.session';

export interface Session {
  token: string;
  user: UserRecord;
}

export function loadSession(): Session | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Session | null;
    return saved && typeof saved.token === 'string' && saved.user ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function saveSession(session: Session | undefined): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}
