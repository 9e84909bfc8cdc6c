/**
 * Issue 22 defect 5: twelve big GIFs at once made sign-in wait seconds, because image work and
 * password hashing shared libuv's small thread pool. Image work now runs one at a time (the
 * others wait in order), so a sign-in that arrives while uploads are queued answers before the
 * first of them is done; and uploads are rate-limited per user. Asserted on order, not on time.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, steppingClock, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { callers, goodPassword, registerByEmail } from '../accounts/accounts.fixtures';
import { userRules } from '../throttle/throttle.domain';
import { multipartBody, pngImage } from './upload.fixtures';
import { imageWork, imageWorkConcurrency } from './upload.image';

const [testDatabase] = testDatabases();

/** Waits for a condition, polling each few milliseconds; never a fixed sleep. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe.runIf(testDatabase)('uploads and sign-in', () => {
  const clock = steppingClock('2026-11-20T15:00:00.000Z');
  let testApp: TestApp;
  const caller = callers(() => testApp);
  let token = '';
  let email = '';

  beforeAll(async () => {
    testApp = await startTestApp(testDatabase as NonNullable<typeof testDatabase>, {
      clock,
      env: { DEMO: 'true', THROTTLE: 'true' },
    });
    ({ token, email } = await registerByEmail(caller, testApp.database.db));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const upload = (content: Buffer, ip: string) => {
    const body = multipartBody([{ name: 'file', content, filename: 'big.gif', contentType: 'image/gif' }]);
    return testApp.call({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { authorization: token, ...body.headers },
      remoteAddress: ip,
    });
  };

  it('a sign-in during a burst of big images answers before the first image is done', async () => {
    const gif = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#2080c0' } })
      .gif()
      .toBuffer();
    const burst = 5;
    const events: string[] = [];
    let peak = 0;
    const uploads = Array.from({ length: burst }, (_, index) =>
      upload(gif, `203.0.113.${index + 1}`).then((reply) => {
        peak = Math.max(peak, imageWork.active());
        events.push(`upload ${reply.body.type}`);
        return reply;
      }),
    );
    // Every image is with the image worker: one decoding, the rest waiting their turn.
    await until(
      () => imageWork.active() + imageWork.waiting() === burst,
      'the burst to reach the image worker',
    );
    expect(imageWork.active()).toBe(imageWorkConcurrency);
    const started = performance.now();
    const login = await caller.post('/user/login', { user_string: email, password: goodPassword });
    const loginMs = performance.now() - started;
    events.push(`login ${login.body.type}`);
    const replies = await Promise.all(uploads);
    expect(replies.map((reply) => reply.body.type)).toEqual(Array(burst).fill('ok'));
    expect(events[0]).toBe('login ok');
    expect(peak).toBeLessThanOrEqual(imageWorkConcurrency);
    console.log(
      `[uploads and sign-in] ${burst} GIFs of 2000 x 2000 queued; sign-in answered in ${Math.round(loginMs)} ms, first`,
    );
  }, 60_000);

  it('refuses more uploads per user than the rule allows, whatever the address', async () => {
    const rule = userRules.find((item) => item.name === 'upload-user');
    if (!rule) throw new Error('upload-user rule');
    const png = await pngImage();
    ({ token } = await registerByEmail(caller, testApp.database.db));
    const sent = [];
    for (let index = 0; index <= rule.max; index += 1) sent.push(await upload(png, `198.18.0.${index + 1}`));
    const tooMany = { type: 'error', message: serverMessages.en['errors.too_many_requests'] };
    expect(sent.slice(0, -1).map((reply) => reply.body.type)).toEqual(Array(sent.length - 1).fill('ok'));
    expect(sent.at(-1)?.body).toEqual(tooMany);
    clock.advance(rule.windowMs);
    expect((await upload(png, '198.18.1.1')).body.type).toBe('ok');
  });
});
