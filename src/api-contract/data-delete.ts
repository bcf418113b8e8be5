/**
 * The wire contract of `POST /api/data/delete`, which corrects the data of a running server as `bidfields data
 * delete` does a data folder's: the body names the rows, the answer says how many went. The check both apply is
 * `reports/delete-request.ts`.
 */

/** The body of `POST /api/data/delete`: a date range (both inclusive), optionally one service and/or country. */
export interface DeleteRequest {
  startDate: string;
  endDate: string;
  service?: string;
  country?: string;
}

/** The answer of `POST /api/data/delete`. */
export interface DeleteAnswer {
  /** Rows removed (0 when none matched). */
  deleted: number;
}
