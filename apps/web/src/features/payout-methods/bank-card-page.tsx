/** Placeholder until issue 4's withdraw screens land. */
export function BankCardPage() {
  return null;
}
