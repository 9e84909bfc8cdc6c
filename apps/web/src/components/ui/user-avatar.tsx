import { useState } from 'react';
import { assetUrl } from '../../lib/format';
import './ui.css';

/** The user's picture, or the first letter of their name on a gold disc. */
export function UserAvatar({ avatar, name, size }: { avatar: string; name: string; size: number }) {
  const source = assetUrl(avatar);
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (source && source !== failed) {
    return (
      <img
        className="user-avatar"
        src={source}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setFailed(source)}
      />
    );
  }
  return (
    <span className="user-avatar is-letter" style={style} aria-hidden="true">
      {(name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  );
}
