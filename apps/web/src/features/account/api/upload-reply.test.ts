import { describe, expect, it } from 'vitest';
import { readUploadReply, uploadAcceptLanguage } from './upload-reply';

const storedPath = '/uploads/2026/11/0123456789abcdef0123456789abcdef.png';

describe('upload reply', () => {
  it('succeeds with the stored path', () => {
    expect(readUploadReply(JSON.stringify({ type: 'ok', message: storedPath }))).toEqual({
      kind: 'ok',
      path: storedPath,
    });
  });

  it('strips whitespace and URL-decodes before parsing (spec section 7)', () => {
    const text = `  ${encodeURIComponent(JSON.stringify({ type: 'ok', message: storedPath }))}\n`;
    expect(readUploadReply(text)).toEqual({ kind: 'ok', path: storedPath });
  });

  it('fails with the server message, or none so the default "Upload failed" shows', () => {
    expect(readUploadReply('{"type":"error","message":"File too large"}')).toEqual({
      kind: 'failed',
      message: 'File too large',
    });
    expect(readUploadReply('{"type":"error","message":" "}')).toEqual({ kind: 'failed', message: null });
    expect(readUploadReply('{"type":999}')).toEqual({ kind: 'failed', message: null });
  });

  it('is a format error when the reply cannot be read', () => {
    expect(readUploadReply('<html>502</html>')).toEqual({ kind: 'bad-format' });
    expect(readUploadReply('"ok"')).toEqual({ kind: 'bad-format' });
    expect(readUploadReply('{"type":"ok","message":"../etc/passwd"}')).toEqual({ kind: 'bad-format' });
    expect(readUploadReply('%E0%A4%A')).toEqual({ kind: 'bad-format' });
  });

  it('sends accept-language zh-cn, zh-tw or en by the stored language', () => {
    expect(uploadAcceptLanguage('zh')).toBe('zh-cn');
    expect(uploadAcceptLanguage('hk')).toBe('zh-tw');
    expect(uploadAcceptLanguage('th')).toBe('en');
  });
});
