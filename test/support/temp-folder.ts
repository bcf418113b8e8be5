// Removing a test's temporary folder without failing the suite. A folder an embedded engine wrote holds tens of
// thousands of files (37,000 after the ClickHouse CLI tests), and removing it synchronously took 8.4 s on a busy
// machine, close to vitest's 10 s hook limit: the suite failed with every test passed. Removal here is asynchronous,
// retried, given its own limit, and a folder left behind is reported, not failed on.
import fs from 'node:fs';

/** The time limit to give a hook that removes a folder. */
export const REMOVAL_MS = 120_000;

/**
 * Removes `dir` and everything in it; never rejects (a failure is printed as a warning).
 *
 * @example
 * afterAll(() => removeTempFolder(dir), REMOVAL_MS)
 */
export async function removeTempFolder(dir: string | undefined): Promise<void> {
  if (!dir) return;
  try {
    await fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    console.warn(`temporary folder ${dir} left behind: ${(error as Error).message}`);
  }
}
