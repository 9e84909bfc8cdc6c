import nodemailer from 'nodemailer';
import type { MailSender } from './delivery';

/** A mail server that does not answer within these is a failed delivery, not a hung request. */
export const smtpConnectionTimeoutMs = 10_000;
export const smtpGreetingTimeoutMs = 10_000;
export const smtpSocketTimeoutMs = 20_000;

/** Sends plain-text mail through the SMTP server of `SMTP_URL` (smtp:// or smtps://). */
export function createSmtpMailSender(options: { url: string; from: string }): MailSender {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: smtpConnectionTimeoutMs,
    greetingTimeout: smtpGreetingTimeoutMs,
    socketTimeout: smtpSocketTimeoutMs,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}
