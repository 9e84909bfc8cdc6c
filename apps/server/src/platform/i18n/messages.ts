import { defaultLocale, type Locale } from '@fairex/contract';
import en from '../../locales/en.json' with { type: 'json' };
import fra from '../../locales/fra.json' with { type: 'json' };
import hk from '../../locales/hk.json' with { type: 'json' };
import jp from '../../locales/jp.json' with { type: 'json' };
import kor from '../../locales/kor.json' with { type: 'json' };
import pt from '../../locales/pt.json' with { type: 'json' };
import spa from '../../locales/spa.json' with { type: 'json' };
import th from '../../locales/th.json' with { type: 'json' };
import vi from '../../locales/vi.json' with { type: 'json' };
import zh from '../../locales/zh.json' with { type: 'json' };

/** Every message a client can read; en.json is the source of the key set. */
export type MessageKey = keyof typeof en;

export const serverMessages: Record<Locale, Record<string, string>> = {
  en,
  zh,
  hk,
  th,
  jp,
  kor,
  fra,
  spa,
  vi,
  pt,
};

export function translate(locale: Locale, key: MessageKey): string {
  return serverMessages[locale][key] ?? serverMessages[defaultLocale][key] ?? key;
}
