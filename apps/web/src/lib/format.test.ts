import { describe, expect, it } from 'vitest';
import { assetUrl, formatDate, toParagraphs } from './format';

describe('toParagraphs', () => {
  it('splits on blank lines and newlines and drops markup', () => {
    expect(toParagraphs('One\n\nTwo\nThree')).toEqual(['One', 'Two', 'Three']);
    expect(toParagraphs('<p>Hello <b>there</b></p><p>Bye</p>')).toEqual(['Hello there', 'Bye']);
    expect(toParagraphs('   ')).toEqual([]);
  });
});

describe('assetUrl', () => {
  it('keeps absolute and site paths and roots relative ones', () => {
    expect(assetUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(assetUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(assetUrl('uploads/a.png')).toBe('/uploads/a.png');
    expect(assetUrl('')).toBeNull();
    expect(assetUrl(null)).toBeNull();
  });
});

describe('formatDate', () => {
  it('formats a date in the locale and passes unparsable input through', () => {
    expect(formatDate('2026-11-12', 'en')).toContain('2026');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });
});
