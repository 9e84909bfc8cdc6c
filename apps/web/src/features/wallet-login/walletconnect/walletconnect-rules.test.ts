import { describe, expect, it } from 'vitest';
import { sessionAddresses, walletConnectNamespaces, walletConnectRequest } from './walletconnect-rules';

const session = {
  namespaces: {
    eip155: {
      accounts: [
        'eip155:1:0x52908400098527886E0F7030069857D2E4169EE7',
        'eip155:137:0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      ],
    },
  },
};

describe('WalletConnect sign-in', () => {
  it('proposes a session on the sign-in chain that can sign the message', () => {
    expect(walletConnectNamespaces(1)).toEqual({
      eip155: {
        chains: ['eip155:1'],
        methods: ['personal_sign'],
        events: ['accountsChanged', 'chainChanged'],
      },
    });
    expect(walletConnectNamespaces(11155111).eip155.chains).toEqual(['eip155:11155111']);
  });

  it('reads the accounts the wallet granted on that chain only', () => {
    expect(sessionAddresses(session, 1)).toEqual(['0x52908400098527886E0F7030069857D2E4169EE7']);
    expect(sessionAddresses(session, 10)).toEqual([]);
    expect(sessionAddresses({ namespaces: {} }, 1)).toEqual([]);
  });

  it('answers eth_requestAccounts from the session and sends personal_sign to the wallet on the chain', async () => {
    const sent: [unknown, string][] = [];
    const context = {
      session,
      chainId: 1,
      send: async (request: unknown, chain: string) => {
        sent.push([request, chain]);
        return '0xsignature';
      },
    };
    expect(await walletConnectRequest({ method: 'eth_requestAccounts' }, context)).toEqual([
      '0x52908400098527886E0F7030069857D2E4169EE7',
    ]);
    expect(sent).toEqual([]);
    const sign = {
      method: 'personal_sign',
      params: ['0x6869', '0x52908400098527886E0F7030069857D2E4169EE7'],
    };
    expect(await walletConnectRequest(sign, context)).toBe('0xsignature');
    expect(sent).toEqual([[sign, 'eip155:1']]);
  });
});
