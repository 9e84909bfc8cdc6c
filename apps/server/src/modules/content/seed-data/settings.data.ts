import type { SettingValue } from '../content.domain';

/**
 * Demo customer-service links. The WhatsApp number is in the 555-01xx range reserved for fiction,
 * and the Telegram handle is a placeholder an operator replaces before going live. No online chat
 * (`kefu_url`): Fairex ships no chat page, and the Contact page hides a link that is not set
 * rather than show one that leads nowhere.
 */
export const demoSettings: Readonly<Record<string, SettingValue>> = {
  site_name: 'Fairex',
  site_logo: '/logo.svg',
  whatsapp_url: 'https://wa.me/15555550100',
  telegram_url: 'https://t.me/fairex_demo',
};
