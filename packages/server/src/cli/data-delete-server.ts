/**
 * `bidfields data delete --server URL`: removes rows through a running server (`POST /api/data/delete`), which
 * holds the data folder, so data can be corrected without stopping it. Credentials come from the environment, as
 * for `data import --server`; the output and exit codes are those of a delete on a data folder.
 */
import { createClient } from 'bidfields/client';
import { ApiError } from 'bidfields/client';
import type { DeleteFilter } from '../reports/store.js';
import { EXIT_INVALID, EXIT_OK, type CliIO } from 'bidfields/cli-commands';
import { serverToken } from './data-import-server.js';

/**
 * Sends the delete to the server at `url` (already checked, as the usage was); returns the exit code.
 *
 * @example
 * // BIDFIELDS_TOKEN=… bidfields data delete --start-date 2024-03-01 --end-date 2024-03-31 --server http://127.0.0.1:8080
 */
export async function deleteOnServer(url: string, filter: DeleteFilter, io: CliIO): Promise<number> {
  try {
    const api = createClient({ baseUrl: url, token: await serverToken(url) });
    const { deleted } = await api.deleteRows(filter);
    io.stdout(`${deleted} rows deleted\n`);
    return EXIT_OK;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    for (const issue of error.issues) io.stderr(`  ${issue.path}: ${issue.message}\n`);
    io.stderr(`bidfields data: ${error.status ? `the server answered ${error.status}: ` : ''}${error.message}\n`);
    return EXIT_INVALID;
  }
}
