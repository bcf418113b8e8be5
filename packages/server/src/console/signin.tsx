/** The sign-in form: "Email", "Password", "Sign in"; the API's refusals in words (wrong password, throttled with the wait). */
import { useState } from 'preact/hooks';
import { apiFor } from './api.js';
import { describeError } from './errors.js';
import type { Session } from './session.js';

export function SignIn(props: { onSignedIn: (session: Session) => void; notice: string | undefined }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  document.title = 'Sign in · bidfields console';

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const { token, user } = await apiFor(undefined).signIn(email, password);
      props.onSignedIn({ token, user });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="signin">
      <h1>Sign in to the bidfields console</h1>
      {props.notice && !error && (
        <p class="notice" role="status">
          {props.notice}
        </p>
      )}
      <form onSubmit={submit} aria-describedby={error ? 'signin-error' : undefined}>
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        {error && (
          <p id="signin-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
