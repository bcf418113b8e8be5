import { BidfieldsError } from '../../core/issues.js';
import type { Outcome } from '../types.js';

/** The outcome of a compile that threw `BidfieldsError`: its issues and warnings. Anything else is rethrown. */
export function refused(error: unknown): Outcome {
  if (error instanceof BidfieldsError) return { ok: false, issues: [...error.issues], warnings: [...error.warnings] };
  throw error;
}
