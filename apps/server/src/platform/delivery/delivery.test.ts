import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectGarbageOften } from '../../test-support/garbage-collector';
import { fixedClock } from '../../test-support/test-app';
import {
  createDelivery,
  type DeliveryStatus,
  type MailSender,
  maskSecrets,
  type OutboxRecorder,
  type OutgoingMessage,
  type SmsSender,
} from './delivery';
import { mailSubject, mailText, startSmsProvider, startSmtpServer } from './delivery.test-servers';
import { deliveryAdaptersFrom } from './delivery-adapters';
import { createHttpSmsSender } from './http-sms-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

const clock = fixedClock('2026-11-22T10:00:00Z');

const mail: OutgoingMessage = {
  channel: 'email',
  to: 'alice@example.com',
  subject: 'Your verification code',
  text: 'Your code is 123456. Never share it.',
  secrets: ['123456'],
};
const sms: OutgoingMessage = { ...mail, channel: 'sms', to: '+8613900000000', subject: '' };

function recorder() {
  const records: { recipient: string; body: string; status: DeliveryStatus }[] = [];
  const outbox: OutboxRecorder = {
    record: async (entry) => {
      records.push({ recipient: entry.recipient, body: entry.body, status: entry.status });
    },
  };
  return { records, outbox };
}

function logger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

function fakeMail(outcome: 'ok' | 'fail' = 'ok') {
  const sent: { to: string; text: string }[] = [];
  const sender: MailSender = {
    send: async (message) => {
      if (outcome === 'fail') throw new Error('connection refused');
      sent.push(message);
    },
    close: () => undefined,
  };
  return { sent, sender };
}

describe('delivery', () => {
  it('keeps every message in the outbox in demo mode, code visible, adapters untouched', async () => {
    const { records, outbox } = recorder();
    const smtp = fakeMail();
    const sent: unknown[] = [];
    const smsSender: SmsSender = { send: async (message) => void sent.push(message) };
    const log = logger();
    const delivery = createDelivery({
      mail: smtp.sender,
      sms: smsSender,
      outbox,
      demo: true,
      clock,
      logger: log,
    });
    expect(delivery.mode).toEqual({ email: 'outbox', sms: 'outbox' });
    delivery.send(mail);
    delivery.send(sms);
    await delivery.whenIdle();
    expect(records).toEqual([
      { recipient: 'alice@example.com', body: mail.text, status: 'outbox' },
      { recipient: '+8613900000000', body: mail.text, status: 'outbox' },
    ]);
    expect(smtp.sent).toEqual([]);
    expect(sent).toEqual([]);
    expect(JSON.stringify(log.info.mock.calls)).toContain('123456');
  });

  it('outside demo keeps an unconfigured channel local, with the code masked in the record and the log', async () => {
    const { records, outbox } = recorder();
    const log = logger();
    const delivery = createDelivery({ mail: null, sms: null, outbox, demo: false, clock, logger: log });
    expect(delivery.mode).toEqual({ email: 'outbox', sms: 'outbox' });
    delivery.send(mail);
    await delivery.whenIdle();
    expect(records).toEqual([
      { recipient: 'alice@example.com', body: 'Your code is ******. Never share it.', status: 'outbox' },
    ]);
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('123456');
  });

  it('hands a message to the adapter and records sent or failed, never the code', async () => {
    const { records, outbox } = recorder();
    const good = fakeMail('ok');
    const log = logger();
    const delivery = createDelivery({
      mail: good.sender,
      sms: null,
      outbox,
      demo: false,
      clock,
      logger: log,
    });
    expect(delivery.mode).toEqual({ email: 'smtp', sms: 'outbox' });
    delivery.send(mail);
    await delivery.whenIdle();
    expect(good.sent).toEqual([{ to: mail.to, subject: mail.subject, text: mail.text }]);
    const failing = createDelivery({
      mail: fakeMail('fail').sender,
      sms: null,
      outbox,
      demo: false,
      clock,
      logger: log,
    });
    failing.send(mail);
    await failing.whenIdle();
    expect(records.map((record) => record.status)).toEqual(['sent', 'failed']);
    expect(records.every((record) => !record.body.includes('123456'))).toBe(true);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'connection refused' }),
      'delivery failed',
    );
    expect(JSON.stringify([log.info.mock.calls, log.warn.mock.calls])).not.toContain('123456');
  });

  it('never lets a failing outbox escape as an unhandled rejection', async () => {
    const log = logger();
    const outbox: OutboxRecorder = { record: async () => Promise.reject(new Error('database gone')) };
    const delivery = createDelivery({ mail: null, sms: null, outbox, demo: true, clock, logger: log });
    delivery.send(mail);
    await delivery.whenIdle();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'database gone' }),
      'outbox record failed',
    );
  });

  it('masks every occurrence of every secret', () => {
    expect(maskSecrets('a 111111 b 111111 c 222222', ['111111', '222222', ''])).toBe(
      'a ****** b ****** c ******',
    );
  });

  it('builds adapters only for configured channels', () => {
    const none = deliveryAdaptersFrom({
      smtpUrl: undefined,
      smtpFrom: 'x <x@y.z>',
      smsProviderUrl: undefined,
      smsProviderToken: undefined,
    });
    expect(none).toEqual({ mail: null, sms: null });
    const both = deliveryAdaptersFrom({
      smtpUrl: 'smtp://127.0.0.1:2525',
      smtpFrom: 'x <x@y.z>',
      smsProviderUrl: 'http://127.0.0.1:9/sms',
      smsProviderToken: 't',
    });
    expect(both.mail).not.toBeNull();
    expect(both.sms).not.toBeNull();
    both.mail?.close();
  });
});

describe('the SMTP adapter against a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers a UTF-8 mail from SMTP_FROM with the code', async () => {
    const sender = createSmtpMailSender({ url: smtp.url, from: 'Fairex <no-reply@fairex.test>' });
    try {
      await sender.send({ to: 'bob@example.com', subject: '您的验证码', text: '验证码是 654321' });
    } finally {
      sender.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.from).toBe('no-reply@fairex.test');
    expect(message?.to).toEqual(['bob@example.com']);
    expect(mailSubject(message?.raw ?? '')).toBe('您的验证码');
    expect(mailText(message?.raw ?? '')).toContain('验证码是 654321');
  });

  it('fails when no server answers', async () => {
    const sender = createSmtpMailSender({ url: 'smtp://127.0.0.1:1', from: 'x@fairex.test' });
    await expect(sender.send({ to: 'bob@example.com', subject: 's', text: 't' })).rejects.toThrow();
    sender.close();
  });
});

describe('the HTTP SMS adapter', () => {
  let provider: Awaited<ReturnType<typeof startSmsProvider>>;
  beforeAll(async () => {
    provider = await startSmsProvider();
  });
  afterAll(async () => {
    await provider.close();
  });

  it('posts JSON {to, text} with the bearer token', async () => {
    provider.answer.status = 202;
    const sender = createHttpSmsSender({ url: provider.url, token: 'sms-token' });
    await sender.send({ to: '+8613900000000', text: 'code 111222' });
    expect(provider.received.at(-1)).toEqual({
      authorization: 'Bearer sms-token',
      contentType: 'application/json',
      body: { to: '+8613900000000', text: 'code 111222' },
    });
  });

  it('treats an answer outside 2xx as a failure', async () => {
    provider.answer.status = 500;
    const sender = createHttpSmsSender({ url: provider.url, token: 'sms-token' });
    await expect(sender.send({ to: '+1', text: 'x' })).rejects.toThrow('HTTP 500');
  });

  it('gives up after the timeout, even while the garbage collector runs', async () => {
    provider.answer.status = 'hang';
    const sender = createHttpSmsSender({ url: provider.url, token: undefined, timeoutMs: 200 });
    const collector = collectGarbageOften();
    try {
      await expect(sender.send({ to: '+1', text: 'x' })).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      collector.stop();
    }
    expect(provider.received.at(-1)?.authorization).toBeUndefined();
  });
});
