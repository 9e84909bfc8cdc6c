import type { SettingValue } from '../content.domain';

/**
 * Demo customer-service links. The chat page lives on the product host (spec section 1); the
 * WhatsApp number is in the 555-01xx range reserved for fiction, and the Telegram handle is a
 * placeholder an operator replaces before going live.
 */
export const demoSettings: Readonly<Record<string, SettingValue>> = {
  site_name: 'Fairex',
  site_logo: '/logo.svg',
  kefu_url: '/h5/chat.html',
  whatsapp_url: 'https://wa.me/15555550100',
  telegram_url: 'https://t.me/fairex_demo',
};
