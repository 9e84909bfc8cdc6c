/** Placeholder until issue 4's assets screens land. */
export function BillPage() {
  return null;
}
