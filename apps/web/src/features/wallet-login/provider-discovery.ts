import {
  type Eip6963Info,
  isEip1193Provider,
  mergeCandidates,
  type ProviderCandidate,
} from './wallet-provider';

/** Wallets answer eip6963:requestProvider at once; a short wait also catches a late injection. */
export const discoveryWaitMs = 150;

type AnnounceDetail = { info?: Partial<Eip6963Info>; provider?: unknown };

function announcedCandidate(event: Event): ProviderCandidate | null {
  const detail = (event as CustomEvent<AnnounceDetail>).detail;
  if (!detail || !isEip1193Provider(detail.provider) || typeof detail.info?.rdns !== 'string') {
    return null;
  }
  const info = detail.info;
  return {
    provider: detail.provider,
    info: {
      uuid: String(info.uuid ?? ''),
      name: String(info.name ?? ''),
      icon: String(info.icon ?? ''),
      rdns: info.rdns ?? '',
    },
  };
}

/**
 * Every wallet provider in this page: EIP-6963 announcements (asked for with
 * eip6963:requestProvider) merged with window.ethereum and its `providers` list.
 */
export async function discoverProviders(target: Window = window): Promise<ProviderCandidate[]> {
  const announced: ProviderCandidate[] = [];
  const onAnnounce = (event: Event) => {
    const candidate = announcedCandidate(event);
    if (candidate) announced.push(candidate);
  };
  target.addEventListener('eip6963:announceProvider', onAnnounce);
  try {
    target.dispatchEvent(new Event('eip6963:requestProvider'));
    await new Promise((resolve) => setTimeout(resolve, discoveryWaitMs));
  } finally {
    target.removeEventListener('eip6963:announceProvider', onAnnounce);
  }
  return mergeCandidates(announced, (target as Window & { ethereum?: unknown }).ethereum);
}
