/** Placeholder until issue 4's deposit screens land. */
export function ReceivePage() {
  return null;
}
