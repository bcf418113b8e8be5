/** A failure the reader must see: a paragraph screen readers announce at once (role alert), styled as an error. */
import type { ComponentChildren } from 'preact';

export function Alert({ children }: { children: ComponentChildren }) {
  return (
    <p class="error" role="alert">
      {children}
    </p>
  );
}
