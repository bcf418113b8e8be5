/**
 * Why an import of a file ended without loading it, as error classes the importer turns into a summary's status:
 * the file cannot be parsed as a whole, the run was interrupted, or the file changed while it was being read.
 */

/** The file cannot be read as a whole (a CSV quoting error, a bad header): nothing of it is loaded. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  /** The line the parser stopped at, when it says. */
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

/** The import was interrupted (its `signal` aborted) before it committed. */
export class ImportInterruptedError extends Error {
  override name = 'ImportInterruptedError';
  constructor() {
    super('interrupted');
  }
}

/** The file's content changed between the checking pass and the loading pass. */
export class FileChangedError extends Error {
  override name = 'FileChangedError';
  constructor() {
    super('the file changed while it was being imported');
  }
}
