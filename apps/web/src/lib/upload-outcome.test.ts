import { describe, expect, it } from 'vitest';
import { decideUploadOutcome, uploadAcceptLanguage } from './upload-outcome';

const path = '/uploads/2026/11/0123456789abcdef0123456789abcdef.jpg';

describe('decideUploadOutcome (spec sections 7 and 8)', () => {
  it('reads the stored path from an ok reply, whitespace and URL encoding stripped', () => {
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'ok', message: path }))).toEqual({
      kind: 'ok',
      path,
    });
    expect(decideUploadOutcome(200, `\n  ${JSON.stringify({ type: 'ok', message: path })}  \n`)).toEqual({
      kind: 'ok',
      path,
    });
    expect(
      decideUploadOutcome(200, encodeURIComponent(JSON.stringify({ type: 'ok', message: path }))),
    ).toEqual({
      kind: 'ok',
      path,
    });
  });

  it('shows the server’s message when the type is not ok, else the default', () => {
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'error', message: 'File too large' }))).toEqual({
      kind: 'failed',
      text: 'File too large',
    });
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'error', message: '' }))).toEqual({
      kind: 'failed',
      text: null,
    });
    expect(decideUploadOutcome(500, 'oops')).toEqual({ kind: 'failed', text: null });
  });

  it('calls an unparsable reply a format error', () => {
    expect(decideUploadOutcome(200, '<html>')).toEqual({ kind: 'format-error' });
    expect(decideUploadOutcome(200, JSON.stringify({ hello: 1 }))).toEqual({ kind: 'format-error' });
    expect(decideUploadOutcome(200, JSON.stringify({ type: 'ok', message: 'not a path' }))).toEqual({
      kind: 'format-error',
    });
  });

  it('passes on session and verification replies', () => {
    expect(decideUploadOutcome(200, JSON.stringify({ type: 999, message: 'Please log in' }))).toEqual({
      kind: 'session-invalid',
      message: 'Please log in',
    });
    expect(decideUploadOutcome(200, JSON.stringify({ type: 998, message: 'Verify first' }))).toEqual({
      kind: 'verification-required',
      message: 'Verify first',
    });
  });

  it('keeps a message with a literal percent sign readable', () => {
    expect(
      decideUploadOutcome(200, JSON.stringify({ type: 'error', message: 'Over 100% of quota' })),
    ).toEqual({
      kind: 'failed',
      text: 'Over 100% of quota',
    });
  });
});

describe('uploadAcceptLanguage (spec section 7)', () => {
  it('sends zh-cn, zh-tw or en by the stored language', () => {
    expect(uploadAcceptLanguage('zh')).toBe('zh-cn');
    expect(uploadAcceptLanguage('hk')).toBe('zh-tw');
    expect(uploadAcceptLanguage('en')).toBe('en');
    expect(uploadAcceptLanguage('th')).toBe('en');
    expect(uploadAcceptLanguage('jp')).toBe('en');
  });
});

describe('decideUploadOutcome refuses what is not a stored path', () => {
  it('is a format error for a bare string, a path outside uploads, or broken URL encoding', () => {
    expect(decideUploadOutcome(200, '"ok"')).toEqual({ kind: 'format-error' });
    expect(decideUploadOutcome(200, '{"type":"ok","message":"../etc/passwd"}')).toEqual({
      kind: 'format-error',
    });
    expect(decideUploadOutcome(200, '%E0%A4%A')).toEqual({ kind: 'format-error' });
  });
});
