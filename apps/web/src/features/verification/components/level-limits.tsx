import { type Locale, localeTags } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/stores/app-store';

/** Spec sections 6 and 9: what each level allows. */
const levelLimits = {
  lv1: { withdrawBtcPerDay: 200, fiatTradeUsdt: 2000 },
  lv2: { withdrawBtcPerDay: 500, fiatTradeUsdt: 1_000_000 },
} as const;

function formatWhole(value: number, locale: Locale): string {
  return new Intl.NumberFormat(localeTags[locale], { maximumFractionDigits: 0 }).format(value);
}

/**
 * The level's limits as spec section 6 words them: the 24-hour withdrawal limit in BTC (every
 * coin counted at its BTC value, which is said here, where the limit is read) and the single
 * fiat trade cap in USDT.
 */
export function LevelLimits({ level }: { level: 'lv1' | 'lv2' }) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const limits = levelLimits[level];
  return (
    <ul className="real-limits" data-testid={`real-limits-${level}`}>
      <li>
        {t('verification:limits.withdraw', { btc: formatWhole(limits.withdrawBtcPerDay, lang) })}
        <small>{t('verification:limits.withdrawNote')}</small>
      </li>
      <li>{t('verification:limits.fiat', { usdt: formatWhole(limits.fiatTradeUsdt, lang) })}</li>
    </ul>
  );
}
