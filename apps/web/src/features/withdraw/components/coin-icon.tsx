import { useState } from 'react';

/** Spec section 3: BTC, USDT, LTC and ETH have fixed colours; others share a default. */
const coinColours: Record<string, string> = {
  BTC: '#f7931a',
  USDT: '#26a17b',
  LTC: '#345d9d',
  ETH: '#627eea',
};
const defaultCoinColour = '#5e6673';

/** The coin's icon, or its initial on the coin's colour when the image is missing. */
export function CoinIcon({ code, image, size = 32 }: { code: string; image: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (failed || image === '') {
    return (
      <span
        className="wd-coin is-letter"
        style={{
          ...style,
          background: coinColours[code] ?? defaultCoinColour,
          fontSize: Math.round(size * 0.42),
        }}
        aria-hidden="true"
      >
        {code.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="wd-coin"
      src={image}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
