import type { Clock } from '../clock';

/**
 * Outgoing e-mail and SMS. Modules compose a message and hand it to `Delivery`; adapters for
 * the real world (SMTP, an HTTP SMS provider) sit behind the two ports below. In demo mode, or
 * for a channel with no adapter configured, a message stays in the local outbox only.
 */
export type DeliveryChannel = 'email' | 'sms';
export type DeliveryStatus = 'outbox' | 'sent' | 'failed';

export type OutgoingMessage = {
  readonly channel: DeliveryChannel;
  /** An e-mail address, or a phone number as `+<area code><number>`. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /**
   * Parts of the text (one-time codes) that only demo mode may show: outside demo, logs and the
   * stored copy carry a mask instead, so the database never holds a usable code.
   */
  readonly secrets: readonly string[];
  /** Demo only: the browser (hashed outbox cookie) that may read it in the outbox; null: nobody. */
  readonly viewer?: string | null;
};

export interface MailSender {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export interface SmsSender {
  send(sms: { to: string; text: string }): Promise<void>;
}

/** Where every message is recorded (the accounts module's delivery_outbox table). */
export interface OutboxRecorder {
  record(entry: {
    channel: DeliveryChannel;
    recipient: string;
    subject: string;
    body: string;
    status: DeliveryStatus;
    createdAt: Date;
    viewerHash: string | null;
  }): Promise<void>;
}

export type DeliveryLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type DeliveryMode = { readonly email: 'smtp' | 'outbox'; readonly sms: 'http' | 'outbox' };

export type Delivery = {
  readonly mode: DeliveryMode;
  /**
   * Starts delivering in the background and returns at once, so a caller's reply never waits on
   * (or reveals anything through) SMTP or the SMS provider.
   */
  send(message: OutgoingMessage): void;
  /** Resolves when every message started so far is recorded (graceful shutdown, tests). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
};

export type DeliveryDeps = {
  readonly mail: MailSender | null;
  readonly sms: SmsSender | null;
  readonly outbox: OutboxRecorder;
  readonly demo: boolean;
  readonly clock: Clock;
  readonly logger: DeliveryLogger;
};

const secretMask = '******';

export function maskSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((masked, secret) => (secret ? masked.split(secret).join(secretMask) : masked), text);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createDelivery(deps: DeliveryDeps): Delivery {
  const { outbox, demo, clock, logger } = deps;
  const mail = demo ? null : deps.mail;
  const sms = demo ? null : deps.sms;
  const inFlight = new Set<Promise<void>>();

  async function handOver(message: OutgoingMessage): Promise<DeliveryStatus> {
    try {
      if (message.channel === 'email') {
        if (!mail) return 'outbox';
        await mail.send({ to: message.to, subject: message.subject, text: message.text });
      } else {
        if (!sms) return 'outbox';
        await sms.send({ to: message.to, text: message.text });
      }
      return 'sent';
    } catch (error) {
      logger.warn({ channel: message.channel, reason: reasonOf(error) }, 'delivery failed');
      return 'failed';
    }
  }

  async function deliver(message: OutgoingMessage): Promise<void> {
    const status = await handOver(message);
    // Demo shows codes (that is what the outbox page is for); a real install never stores them.
    const body = demo ? message.text : maskSecrets(message.text, message.secrets);
    await outbox.record({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body,
      status,
      createdAt: clock.now(),
      viewerHash: demo ? (message.viewer ?? null) : null,
    });
    logger.info(
      { channel: message.channel, to: message.to, status, ...(demo ? { text: message.text } : {}) },
      status === 'outbox' ? 'message kept in the local outbox' : `message ${status}`,
    );
  }

  return {
    mode: { email: mail ? 'smtp' : 'outbox', sms: sms ? 'http' : 'outbox' },
    send(message) {
      const running = deliver(message)
        .catch((error: unknown) => {
          logger.error({ channel: message.channel, reason: reasonOf(error) }, 'outbox record failed');
        })
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async whenIdle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      await this.whenIdle();
      deps.mail?.close();
    },
  };
}
