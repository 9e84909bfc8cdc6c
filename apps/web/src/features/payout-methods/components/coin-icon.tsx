import { useState } from 'react';
import { assetUrl } from '../../../lib/format';

/** The coin's icon (/coins/<code>.svg), or its first letter on a tinted disc when it will not load. */
export function CoinIcon({ code, image, size = 36 }: { code: string; image?: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const source = assetUrl(image || `/coins/${code.toLowerCase()}.svg`);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (failed || !source) {
    return (
      <span className="payout-coin is-letter" style={style} aria-hidden="true">
        {code.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="payout-coin"
      style={style}
      src={source}
      alt=""
      aria-hidden="true"
      onError={() => setFailed(true)}
    />
  );
}
