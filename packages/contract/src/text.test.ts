import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlCharactersIssue, hasControlCharacters, text } from './text';

const controlCodes = [
  ...Array.from({ length: 32 }, (_, code) => code),
  ...Array.from({ length: 33 }, (_, n) => 0x7f + n),
]
  .filter((code) => code !== 9 && code !== 10 && code !== 13)
  .map((code) => String.fromCharCode(code));

describe('text(): the shared schema of every free-text field', () => {
  it('refuses any text holding a control character, with the issue the server localises', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...controlCodes), fc.string(), (before, control, after) => {
        const result = text().trim().max(10_000).safeParse(`${before}${control}${after}`);
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => issue.message)).toContain(controlCharactersIssue);
      }),
    );
  });

  it('accepts any other text, tabs and line breaks included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        fc.pre(!controlCodes.some((control) => value.includes(control)));
        expect(hasControlCharacters(value)).toBe(false);
        expect(text().safeParse(`${value}\t\n\r`).success).toBe(true);
      }),
    );
  });
});
