/**
 * Postgres array literals for set-based statements (`unnest($1::numeric[], ...)`): one parameter
 * per column however many rows, identical on node-postgres and PGlite. Building a multi-row
 * VALUES with an ORM costs a parameter (and its checks) per cell; a round of orders has thousands.
 */

export function integerArray(values: readonly (bigint | number)[]): string {
  for (const value of values) {
    if (typeof value === 'number' && !Number.isSafeInteger(value))
      throw new Error(`not an integer: ${value}`);
  }
  return `{${values.join(',')}}`;
}

/** Text elements quoted and escaped; null is SQL NULL (the text "NULL" stays text). */
export function textArray(values: readonly (string | null)[]): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}
