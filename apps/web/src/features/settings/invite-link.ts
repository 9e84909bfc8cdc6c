/** The link a friend opens to register with the invitation code filled in. */
export function invitationLink(origin: string, code: string): string {
  return `${origin}/#/pages/common/register?code=${encodeURIComponent(code)}`;
}
