import { useState } from 'react';
import { assetUrl } from '../../lib/format';

/** Spec section 3: BTC, USDT, LTC and ETH have fixed colours; others share a default. */
const coinColours: Readonly<Record<string, string>> = {
  BTC: '#f7931a',
  USDT: '#26a17b',
  LTC: '#345d9d',
  ETH: '#627eea',
};
const defaultCoinColour = '#5e6673';

/** The colour of a coin's letter disc. */
export function coinColour(code: string): string {
  return coinColours[code.toUpperCase()] ?? defaultCoinColour;
}

type CoinIconProps = {
  code: string;
  /** The currency's image from the API; without one, the bundled /coins/<code>.svg. */
  image?: string | null;
  size?: number;
};

/** The coin's icon, or its initial on the coin's colour when the image is missing or fails. */
export function CoinIcon({ code, image, size = 36 }: CoinIconProps) {
  const [failed, setFailed] = useState(false);
  const source = assetUrl(image || `/coins/${code.toLowerCase()}.svg`);
  const style = { width: size, height: size };
  if (failed || !source) {
    return (
      <span
        className="coin-icon is-letter"
        style={{ ...style, background: coinColour(code), fontSize: Math.round(size * 0.42) }}
        aria-hidden="true"
      >
        {code.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="coin-icon"
      src={source}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
