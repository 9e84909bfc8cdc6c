/** How an address or number shows when only a hint of it should (security screens). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const name = email.slice(0, at);
  const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

export function maskMobile(mobile: string): string {
  if (mobile.length <= 4) return mobile;
  const tail = mobile.slice(-4);
  const head = mobile.length > 7 ? mobile.slice(0, 3) : '';
  return `${head}****${tail}`;
}

/** "+86 138****5678", or the number alone without an area code. */
export function formatMobile(mobile: string, areaCode: string | null, masked = false): string {
  const number = masked ? maskMobile(mobile) : mobile;
  return areaCode ? `+${areaCode} ${number}` : number;
}
