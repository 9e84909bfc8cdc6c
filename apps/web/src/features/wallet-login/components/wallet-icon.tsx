import type { WalletName } from '@fairex/contract';
import { assertNever } from '@fairex/domain';
import { useId } from 'react';

/**
 * Small marks in each wallet's brand colours: simple shapes that read as the brand at a glance,
 * drawn here rather than copied logos.
 */
function Mark({ wallet, gradientId }: { wallet: WalletName; gradientId: string }) {
  switch (wallet) {
    case 'metamask':
      return (
        <>
          <rect width="40" height="40" rx="11" fill="#fff4e8" />
          <path d="M8 8.5 17 15h6l9-6.5-2 11.5 2 7-8 5.5h-8L8 27l2-7z" fill="#f6851b" />
          <path d="M17 15h6l2.5 7-5.5 2.5-5.5-2.5z" fill="#e2761b" />
          <path d="M16 27.5 20 31l4-3.5-4-2z" fill="#c0ad9e" />
          <circle cx="15" cy="20.5" r="1.8" fill="#233447" />
          <circle cx="25" cy="20.5" r="1.8" fill="#233447" />
        </>
      );
    case 'walletconnect':
      return (
        <>
          <rect width="40" height="40" rx="11" fill="#3b99fc" />
          <path
            d="M11.5 17.2c4.7-4.6 12.3-4.6 17 0"
            fill="none"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
          />
          <path
            d="m8.5 21 3.8 3.7 3.9-3.7 3.8 3.7 3.8-3.7 3.9 3.7 3.8-3.7"
            fill="none"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </>
      );
    case 'coinbase':
      return (
        <>
          <rect width="40" height="40" rx="11" fill="#0052ff" />
          <circle cx="20" cy="20" r="11" fill="#fff" />
          <rect x="16" y="16" width="8" height="8" rx="1.6" fill="#0052ff" />
        </>
      );
    case 'trust':
      return (
        <>
          <rect width="40" height="40" rx="11" fill="#0500ff" />
          <path
            d="M20 8.5 29.5 12c0 10.5-3.6 16-9.5 19.5-5.9-3.5-9.5-9-9.5-19.5z"
            fill="none"
            stroke="#fff"
            strokeWidth="2.4"
            strokeLinejoin="round"
          />
          <path d="M20 8.5 29.5 12c0 10.5-3.6 16-9.5 19.5z" fill="#48ff91" opacity="0.9" />
        </>
      );
    case 'tokenpocket':
      return (
        <>
          <rect width="40" height="40" rx="11" fill="#2980fe" />
          <rect x="9" y="10" width="14" height="6" rx="1" fill="#fff" />
          <rect x="13" y="16" width="6" height="14" rx="1" fill="#fff" />
          <path d="M24 10h3.5a6 6 0 0 1 0 12H24z" fill="#b9d6ff" />
        </>
      );
    case 'imtoken':
      return (
        <>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#11c4d1" />
              <stop offset="1" stopColor="#0062ad" />
            </linearGradient>
          </defs>
          <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
          <circle cx="20" cy="12.5" r="2.8" fill="#fff" />
          <rect x="17.3" y="17.5" width="5.4" height="13" rx="2.7" fill="#fff" />
        </>
      );
    default:
      return assertNever(wallet);
  }
}

export function WalletIcon({ wallet, size = 40 }: { wallet: WalletName; size?: number }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" className="wallet-icon">
      <Mark wallet={wallet} gradientId={gradientId} />
    </svg>
  );
}
