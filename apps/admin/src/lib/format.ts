/** Epoch milliseconds as local date and time, or a dash. */
export function dateTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : new Date(ms).toLocaleString();
}
