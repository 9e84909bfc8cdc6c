import type { MailSender, SmsSender } from './delivery';
import { createHttpSmsSender } from './http-sms-sender';
import { createSmtpMailSender } from './smtp-mail-sender';

export type DeliveryConfig = {
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  readonly smsProviderUrl: string | undefined;
  readonly smsProviderToken: string | undefined;
};

/** The real-world adapters the configuration names; null for a channel left unconfigured. */
export function deliveryAdaptersFrom(config: DeliveryConfig): {
  mail: MailSender | null;
  sms: SmsSender | null;
} {
  return {
    mail: config.smtpUrl ? createSmtpMailSender({ url: config.smtpUrl, from: config.smtpFrom }) : null,
    sms: config.smsProviderUrl
      ? createHttpSmsSender({ url: config.smsProviderUrl, token: config.smsProviderToken })
      : null,
  };
}
