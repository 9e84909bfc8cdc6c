import { formatAmount, priceDirection } from '@fairex/domain';

/** Signed percent text: "+1.25%", "0.00%", "-3.10%". */
export function formatChangePercent(changePercent: string): string {
  const direction = priceDirection(changePercent);
  const text = formatAmount(changePercent.replace(/^\+/, ''), { decimals: 2 });
  return `${direction === 'up' ? '+' : ''}${text}%`;
}

/** The 24 h change coloured up green, zero grey, down red (spec section 5). */
export function ChangePill({ changePercent, solid = true }: { changePercent: string; solid?: boolean }) {
  const direction = priceDirection(changePercent);
  return (
    <span className={`change-pill is-${direction}${solid ? ' is-solid' : ''}`}>
      {formatChangePercent(changePercent)}
    </span>
  );
}
