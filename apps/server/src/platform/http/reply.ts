/** The success envelope of the client contract. */
export function ok<T>(message: T): { type: 'ok'; message: T } {
  return { type: 'ok', message };
}
