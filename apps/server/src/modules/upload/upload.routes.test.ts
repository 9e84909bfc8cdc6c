import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { uploadMaxBytes } from '@fairex/contract';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installApiEnvelope } from '../../platform/http/api-envelope';
import type { SessionResolver } from '../../platform/http/route-policy';
import { LocalFileStorage } from '../../platform/storage/local-file-storage';
import { fixedClock, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import {
  gifImage,
  jpegWithGps,
  type MultipartPart,
  multipartBody,
  pixelBombPng,
  pngImage,
  webpImage,
} from './upload.fixtures';
import { uploadFileRoutes } from './upload.routes';
import { uploadedFiles } from './upload.schema';
import { createUploadService, markUploadPrivate } from './upload.service';

const aliceToken = 'test-token-alice';
const bobToken = 'test-token-bob';
const aliceUserId = 101;
const bobUserId = 102;
const complianceToken = 'test-token-compliance';
const financeToken = 'test-token-finance';
const contentToken = 'test-token-content';

/** Stand-in for the accounts module, which arrives later: two fixed sessions. */
const testSessions: SessionResolver = {
  resolve: async (token) => {
    if (token === aliceToken) return { kind: 'user', userId: aliceUserId, verificationLevel: 0 };
    if (token === bobToken) return { kind: 'user', userId: bobUserId, verificationLevel: 0 };
    if (token === complianceToken) return { kind: 'staff', staffId: 1, roles: ['compliance'] };
    if (token === financeToken) return { kind: 'staff', staffId: 2, roles: ['finance'] };
    if (token === contentToken) return { kind: 'staff', staffId: 3, roles: ['content'] };
    return null;
  },
};

const clock = fixedClock('2026-11-05T10:00:00Z');
const uploadPathPattern = /^\/uploads\/(2026\/11\/[0-9a-f]{32})\.(jpg|png|webp|gif)$/;

const messages = {
  unsupported: 'Only JPEG, PNG, WebP or GIF images can be uploaded',
  fileTooLarge: 'The file is too large (at most 5 MB)',
  tooManyPixels: 'The image is too large (at most 16 megapixels)',
  unreadable: 'The image could not be read; it may be damaged',
  parameter: 'Parameter error',
};

async function listFiles(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** The serving plugin mounted on its own, exactly as app.ts mounts it at the root. */
async function startServingApp(testApp: TestApp, storage: LocalFileStorage): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installApiEnvelope(app, testSessions);
  await app.register(uploadFileRoutes({ db: testApp.database.db, storage, clock }));
  await app.ready();
  return app;
}

describe.each(testDatabases())('uploads on $name', (testDatabase) => {
  let testApp: TestApp;
  let servingApp: FastifyInstance;
  let storage: LocalFileStorage;
  let uploadsDir: string;

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase, { sessions: testSessions, clock });
    uploadsDir = path.join(testApp.dataDir, 'uploads');
    storage = new LocalFileStorage(uploadsDir);
    servingApp = await startServingApp(testApp, storage);
  });
  afterAll(async () => {
    await servingApp.close();
    await testApp.close();
  });

  function upload(parts: readonly MultipartPart[], headers: Record<string, string> = {}) {
    const body = multipartBody(parts);
    return testApp.call({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { authorization: aliceToken, ...body.headers, ...headers },
    });
  }

  function uploadFile(content: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg') {
    return upload([{ name: 'file', content, filename, contentType }]);
  }

  async function storedState() {
    const rows = await testApp.database.db.select({ key: uploadedFiles.key }).from(uploadedFiles);
    return { rows: rows.length, files: (await listFiles(uploadsDir)).length };
  }

  async function keyOf(reply: { type: unknown; message: unknown }): Promise<string> {
    expect(reply.type).toBe('ok');
    const match = uploadPathPattern.exec(String(reply.message));
    expect(match, String(reply.message)).not.toBeNull();
    return String(reply.message).slice('/uploads/'.length);
  }

  /** A refusal answers HTTP 200 with the localised message and leaves no file and no row. */
  async function expectRefusal(
    send: () => Promise<{ status: number; body: { type: unknown; message: unknown } }>,
    message: string,
    type: unknown = 'error',
  ) {
    const before = await storedState();
    const response = await send();
    expect(response).toEqual({ status: 200, body: { type, message } });
    expect(await storedState()).toEqual(before);
  }

  it('strips EXIF and GPS from a JPEG, turns it upright, and records it', async () => {
    const original = await jpegWithGps();
    const originalMetadata = await sharp(original).metadata();
    expect(originalMetadata.exif?.toString('latin1')).toContain('FixtureCam');
    expect(originalMetadata.orientation).toBe(6);

    const response = await uploadFile(original, 'holiday.jpg');
    expect(response.status).toBe(200);
    const key = await keyOf(response.body);
    expect(key.endsWith('.jpg')).toBe(true);

    const stored = await storage.get(key);
    expect(stored?.contentType).toBe('image/jpeg');
    const bytes = Buffer.from(stored?.bytes ?? []);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 48, height: 64 });
    expect(bytes.includes('FixtureCam')).toBe(false);

    const [row] = await testApp.database.db.select().from(uploadedFiles);
    expect(row).toMatchObject({
      key,
      contentType: 'image/jpeg',
      sizeBytes: bytes.length,
      width: 48,
      height: 64,
      ownerUserId: aliceUserId,
      visibility: 'public',
    });
  });

  it('keeps PNG, WebP and GIF in their own format, whatever the name and declared type say', async () => {
    const cases = [
      { bytes: await pngImage(), extension: 'png', contentType: 'image/png' },
      { bytes: await webpImage(), extension: 'webp', contentType: 'image/webp' },
      { bytes: await gifImage(), extension: 'gif', contentType: 'image/gif' },
    ];
    for (const { bytes, extension, contentType } of cases) {
      const response = await uploadFile(bytes, 'picture.jpg', 'image/jpeg');
      const key = await keyOf(response.body);
      expect(key.endsWith(`.${extension}`)).toBe(true);
      expect((await storage.get(key))?.contentType).toBe(contentType);
    }
  });

  it('re-encodes a JPEG with HTML appended, so no script survives', async () => {
    const polyglot = Buffer.concat([
      await jpegWithGps(),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const key = await keyOf((await uploadFile(polyglot)).body);
    const stored = Buffer.from((await storage.get(key))?.bytes ?? []);
    expect(stored.includes('<script')).toBe(false);
  });

  it('refuses HTML renamed .jpg', async () => {
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    await expectRefusal(() => uploadFile(html, 'avatar.jpg', 'image/jpeg'), messages.unsupported);
  });

  it('refuses a scripted SVG', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(1)</script><rect width="10" height="10"/></svg>';
    await expectRefusal(() => uploadFile(svg, 'avatar.png', 'image/png'), messages.unsupported);
    await expectRefusal(() => uploadFile(svg, 'avatar.svg', 'image/svg+xml'), messages.unsupported);
  });

  it('refuses a PDF', async () => {
    await expectRefusal(
      () => uploadFile('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', 'id.jpg'),
      messages.unsupported,
    );
  });

  it('localises the refusal by the multipart lang field', async () => {
    await expectRefusal(
      () =>
        upload([
          { name: 'lang', content: 'zh' },
          { name: 'file', content: '<html></html>', filename: 'a.jpg', contentType: 'image/jpeg' },
        ]),
      '仅支持上传 JPEG、PNG、WebP 或 GIF 图片',
    );
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const bomb = pixelBombPng(20_000);
    expect(bomb.length).toBeLessThan(100_000);
    await expectRefusal(() => uploadFile(bomb, 'small.png', 'image/png'), messages.tooManyPixels);
  });

  it('refuses a truncated image', async () => {
    const jpeg = await jpegWithGps();
    await expectRefusal(() => uploadFile(jpeg.subarray(0, jpeg.length / 2)), messages.unreadable);
  });

  it('refuses a file over the size limit, while streaming and by declared length', async () => {
    const justOver = Buffer.concat([await jpegWithGps(), Buffer.alloc(uploadMaxBytes)]);
    await expectRefusal(() => uploadFile(justOver), messages.fileTooLarge);
    const farOver = Buffer.alloc(uploadMaxBytes * 2, 0xff);
    await expectRefusal(() => uploadFile(farOver), messages.fileTooLarge);
  });

  it('answers Parameter error without a file field, with extra fields or files, or without multipart', async () => {
    const png = await pngImage();
    await expectRefusal(() => upload([{ name: 'lang', content: 'en' }]), messages.parameter);
    await expectRefusal(
      () => upload([{ name: 'image', content: png, filename: 'a.png', contentType: 'image/png' }]),
      messages.parameter,
    );
    await expectRefusal(
      () =>
        upload([
          { name: 'visibility', content: 'private' },
          { name: 'file', content: png, filename: 'a.png', contentType: 'image/png' },
        ]),
      messages.parameter,
    );
    await expectRefusal(
      () =>
        upload([
          { name: 'file', content: png, filename: 'a.png', contentType: 'image/png' },
          { name: 'file', content: png, filename: 'b.png', contentType: 'image/png' },
        ]),
      messages.parameter,
    );
    await expectRefusal(
      () =>
        upload([{ name: 'file', content: Buffer.alloc(0), filename: 'empty.png', contentType: 'image/png' }]),
      messages.parameter,
    );
    await expectRefusal(
      () =>
        testApp.call({
          method: 'POST',
          url: '/api/upload',
          payload: { file: 'data:image/png;base64,AAAA' },
          headers: { authorization: aliceToken },
        }),
      messages.parameter,
    );
  });

  it('answers Parameter error to a malformed multipart body, never a 5xx', async () => {
    const png = await pngImage();
    const body = multipartBody([{ name: 'file', content: png, filename: 'a.png', contentType: 'image/png' }]);
    const send = (payload: Buffer, contentType: string) => () =>
      testApp.call({
        method: 'POST',
        url: '/api/upload',
        payload,
        headers: { authorization: aliceToken, 'content-type': contentType },
      });
    const contentType = body.headers['content-type'] ?? '';
    await expectRefusal(
      send(body.payload.subarray(0, body.payload.length - 40), contentType),
      messages.parameter,
    );
    await expectRefusal(send(body.payload, 'multipart/form-data'), messages.parameter);
    await expectRefusal(send(Buffer.from('garbage'), contentType), messages.parameter);
  });

  it('answers type 999 without a valid session', async () => {
    const png = await pngImage();
    const message = 'Your session has expired, please log in again';
    const part = [{ name: 'file', content: png, filename: 'a.png', contentType: 'image/png' }];
    await expectRefusal(() => upload(part, { authorization: '' }), message, 999);
    await expectRefusal(() => upload(part, { authorization: 'not-a-session' }), message, 999);
  });

  it('serves the stored bytes with safe headers', async () => {
    const key = await keyOf((await uploadFile(await jpegWithGps())).body);
    const stored = await storage.get(key);
    const response = await servingApp.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(Buffer.from(stored?.bytes ?? []))).toBe(true);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for `../`, odd and unknown keys', async () => {
    const unknown = `2026/11/${'0'.repeat(32)}.jpg`;
    for (const url of [
      '/uploads/../package.json',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/2026/11/..%2F..%2F..%2Fsrc%2Fconfig.ts',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/',
      '/uploads/2026/11/x.jpg.type',
      `/uploads/${unknown}`,
    ]) {
      const response = await servingApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('serves a private file to its owner and compliance staff only', async () => {
    const key = await keyOf((await uploadFile(await pngImage(), 'id-front.png', 'image/png')).body);
    const service = createUploadService({ db: testApp.database.db, storage, clock });
    expect(await service.setVisibility({ key, ownerUserId: bobUserId, visibility: 'private' })).toBe(false);
    expect(await service.setVisibility({ key, ownerUserId: aliceUserId, visibility: 'private' })).toBe(true);

    const read = (authorization?: string) =>
      servingApp.inject({
        method: 'GET',
        url: `/uploads/${key}`,
        headers: authorization ? { authorization } : {},
      });
    const owner = await read(aliceToken);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect((await read(bobToken)).statusCode).toBe(404);
    expect((await read()).statusCode).toBe(404);
    expect((await read('not-a-session')).statusCode).toBe(404);
    const staff = await read(complianceToken);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect((await read(financeToken)).statusCode).toBe(404);
  });

  it('takes a public site image from content staff, audited; refuses users and other roles', async () => {
    const staffUpload = (token: string) => {
      const body = multipartBody([
        { name: 'file', content: pngBytes, filename: 'banner.png', contentType: 'image/png' },
      ]);
      return testApp.call({
        method: 'POST',
        url: '/api/admin/upload',
        payload: body.payload,
        headers: { authorization: token, ...body.headers },
      });
    };
    const pngBytes = await pngImage();
    for (const outsider of [aliceToken, financeToken]) {
      const before = await storedState();
      expect(await staffUpload(outsider)).toEqual({
        status: 403,
        body: { type: 'error', message: 'You do not have permission to do this' },
      });
      expect(await storedState()).toEqual(before);
    }
    const reply = await staffUpload(contentToken);
    const key = await keyOf(reply.body);
    const [row] = await testApp.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.key, key));
    expect(row).toMatchObject({ ownerUserId: null, ownerStaffId: 3, visibility: 'public' });
    const served = await servingApp.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const audit = (await testApp.database.db.execute(
      sql`select action, staff_id, target_type from audit_log where target_id = ${`/uploads/${key}`}`,
    )) as unknown as { rows: unknown[] };
    expect(audit.rows).toEqual([{ action: 'upload.create', staff_id: 3, target_type: 'upload' }]);
  });

  it('marks a file private by its path, for its owner only', async () => {
    const path = String((await uploadFile(await pngImage(), 'id-back.png', 'image/png')).body.message);
    const key = await keyOf({ type: 'ok', message: path });
    const db = testApp.database.db;
    const read = (authorization?: string) =>
      servingApp.inject({
        method: 'GET',
        url: `/uploads/${key}`,
        headers: authorization ? { authorization } : {},
      });

    expect(await markUploadPrivate(db, { path, ownerUserId: bobUserId, reviewer: 'finance' })).toBe(false);
    expect((await read()).statusCode).toBe(200);
    for (const odd of [key, `/uploads/../${key}`, `${path}.png`, `/uploads/2026/11/${'0'.repeat(32)}.png`]) {
      expect(
        await markUploadPrivate(db, { path: odd, ownerUserId: aliceUserId, reviewer: 'finance' }),
        odd,
      ).toBe(false);
    }
    // A voucher: its owner and finance staff may read it; compliance staff may not.
    expect(await markUploadPrivate(db, { path, ownerUserId: aliceUserId, reviewer: 'finance' })).toBe(true);
    expect((await read()).statusCode).toBe(404);
    expect((await read(bobToken)).statusCode).toBe(404);
    expect((await read(aliceToken)).statusCode).toBe(200);
    expect((await read(financeToken)).statusCode).toBe(200);
    expect((await read(complianceToken)).statusCode).toBe(404);
  });
});
