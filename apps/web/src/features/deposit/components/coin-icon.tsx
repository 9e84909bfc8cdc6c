import { useState } from 'react';
import { coinColour } from '../deposit-rules';

type CoinIconProps = { code: string; image: string; size?: number };

/** The coin's icon (/coins/<code>.svg), or its initial on the coin's colour when there is none. */
export function CoinIcon({ code, image, size = 36 }: CoinIconProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (failed || image === '') {
    return (
      <span
        className="dep-coin-icon is-letter"
        style={{ ...style, background: coinColour(code), fontSize: Math.round(size * 0.42) }}
        aria-hidden="true"
      >
        {code.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="dep-coin-icon"
      src={image}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
