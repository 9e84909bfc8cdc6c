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

export function LevelLimits({ level }: { level: 'lv1' | 'lv2' }) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const limits = levelLimits[level];
  return (
    <p className="real-limits">
      {t('verification:limits', {
        btc: formatWhole(limits.withdrawBtcPerDay, lang),
        usdt: formatWhole(limits.fiatTradeUsdt, lang),
      })}
    </p>
  );
}
