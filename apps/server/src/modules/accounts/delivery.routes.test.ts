import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailSubject,
  mailText,
  startSmsProvider,
  startSmtpServer,
} from '../../platform/delivery/delivery.test-servers';
import { serverMessages } from '../../platform/i18n/messages';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { callers, codeIn, freshEmail, freshMobile, goodPassword, waitForMessages } from './accounts.fixtures';

const [pglite] = testDatabases();

/** Outside demo, codes travel by real SMTP and the HTTP SMS provider; the outbox only records. */
describe('code delivery outside demo mode', () => {
  let testApp: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let provider: Awaited<ReturnType<typeof startSmsProvider>>;
  const caller = callers(() => testApp);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    if (!pglite) throw new Error('PGlite is always available');
    smtp = await startSmtpServer();
    provider = await startSmsProvider();
    testApp = await startTestApp(pglite, {
      env: {
        SMTP_URL: smtp.url,
        SMTP_FROM: 'Fairex <no-reply@fairex.test>',
        SMS_PROVIDER_URL: provider.url,
        SMS_PROVIDER_TOKEN: 'provider-token',
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
    await provider.close();
  });

  it('mails the code over SMTP in the caller’s language; the outbox records it sent, code masked', async () => {
    const email = freshEmail();
    const reply = await caller.post('/sms_mail', { user_string: email, scene: 'register' }, { lang: 'fra' });
    expect(reply.body).toEqual({ type: 'ok', message: serverMessages.fra['accounts.messages.code_sent'] });
    const [recorded] = await waitForMessages(db(), email, 1);
    expect(recorded?.status).toBe('sent');
    expect(recorded?.body).toContain('******');
    expect(recorded?.body).not.toMatch(/\d{6}/);

    const mail = smtp.received.find((received) => received.to.includes(email));
    if (!mail) throw new Error('the mail did not arrive');
    expect(mail.from).toBe('no-reply@fairex.test');
    expect(mailSubject(mail.raw)).toBe(serverMessages.fra['accounts.mail.subject']);
    const code = codeIn(mailText(mail.raw));
    expect(mailText(mail.raw)).toContain("l'inscription");

    // The code from the real mail registers the account.
    const registered = await caller.post('/user/register', {
      user_string: email,
      code,
      password: goodPassword,
      re_password: goodPassword,
    });
    expect(registered.body.type).toBe('ok');
  });

  it('texts the code through the HTTP provider with its bearer token', async () => {
    const mobile = freshMobile();
    provider.answer.status = 200;
    const reply = await caller.post('/sms_send', { mobile, area_code: '+81' });
    expect(reply.body.type).toBe('ok');
    const [recorded] = await waitForMessages(db(), `+81${mobile}`, 1);
    expect(recorded?.status).toBe('sent');
    const sms = provider.received.find((received) => (received.body as { to: string }).to === `+81${mobile}`);
    expect(sms?.authorization).toBe('Bearer provider-token');
    if (!sms) throw new Error('the SMS did not reach the provider');
    expect(codeIn((sms.body as { text: string }).text)).toMatch(/^\d{6}$/);
  });

  it('records a provider failure without telling the caller anything different', async () => {
    const mobile = freshMobile();
    provider.answer.status = 503;
    const reply = await caller.post('/sms_send', { mobile, area_code: '86' });
    expect(reply.body).toEqual({ type: 'ok', message: serverMessages.en['accounts.messages.code_sent'] });
    const [recorded] = await waitForMessages(db(), `+86${mobile}`, 1);
    expect(recorded?.status).toBe('failed');
    provider.answer.status = 200;
  });

  it('has no /dev/outbox', async () => {
    expect((await caller.get('/dev/outbox')).status).toBe(404);
  });
});
