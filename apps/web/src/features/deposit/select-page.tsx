/** Placeholder until issue 4's deposit screens land. */
export function DepositSelectPage() {
  return null;
}
