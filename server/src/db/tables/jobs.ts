import type { Generated } from 'kysely';

/** A durable job (server/src/modules/jobs): recurring when `every_ms` is set, else one-off. Times are epoch ms. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  /** JSON given to the handler. */
  payload: string;
  every_ms: number | null;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  attempts: number;
  last_error: string | null;
  last_run_at: number | null;
  done_at: number | null;
  created_at: number;
}

export interface JobsTables {
  jobs: JobsTable;
}
