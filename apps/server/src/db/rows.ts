/** The rows of a `db.execute` result: PGlite and node-postgres answer `{ rows }`, some drivers an array. */
export const rowsOf = (result: unknown): Array<Record<string, unknown>> =>
  Array.isArray(result)
    ? result
    : ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);
