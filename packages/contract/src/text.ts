/**
 * Text a person typed: every free-text field of a request is `text()` (issue 22 defect 6).
 * Control characters (NUL and the other C0 codes but tab, line feed and carriage return; DEL and
 * the C1 codes) are refused: PostgreSQL cannot store NUL, and none of them belongs in a name,
 * a reason or an article. The refusal carries `controlCharactersIssue`, which the server maps to
 * its localised "errors.control_characters".
 */
import { z } from 'zod';

export const controlCharactersIssue = 'text.control_characters';

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what it finds
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether the text holds a character no text field accepts. */
export function hasControlCharacters(value: string): boolean {
  return controlCharacters.test(value);
}

/** A string without control characters; chain `.trim().min().max()` as with z.string(). */
export function text() {
  return z.string().refine((value) => !hasControlCharacters(value), { message: controlCharactersIssue });
}
