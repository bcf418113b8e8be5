/**
 * What the frame hands every page. Kept apart from the frame (app.tsx), which imports the pages, so a page that
 * needs these props does not import its own importer.
 */
import type { ApiClient } from 'bidfields/client';
import type { Role } from './roles.js';

export interface PageProps {
  api: ApiClient;
  role: Role;
  params: URLSearchParams;
  /** Hands an API failure to the frame (an expired or invalid token signs out) and returns it in words. */
  failed: (error: unknown) => string;
}
