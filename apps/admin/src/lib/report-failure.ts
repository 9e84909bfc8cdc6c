/** A failure's text for a message: the server's localised words, or the error's own. */
export function failureText(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
