/**
 * The module registry holds together: every entry kind of packages/domain is booked by exactly
 * one registered module, every Home shortcut a module ships is a shortcut the contract knows,
 * every account kind is served by some module, names are unique, and each declared locale
 * namespace has its messages in the server catalogue.
 */
import { homeShortcutKeys } from '@fairex/contract';
import { entryKinds, userAccountKindNames } from '@fairex/domain';
import { describe, expect, it } from 'vitest';
import { moduleManifests, servedAccountKindsOf } from './composition';
import { serverMessages } from './platform/i18n/messages';

describe('the module registry', () => {
  it('names each module once', () => {
    const names = moduleManifests.map((manifest) => manifest.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has one owner for every entry kind, and no module books a kind the ledger does not know', () => {
    const owners = new Map<string, string[]>();
    for (const manifest of moduleManifests) {
      for (const kind of manifest.entryKinds ?? []) {
        owners.set(kind, [...(owners.get(kind) ?? []), manifest.name]);
      }
    }
    expect([...owners.keys()].sort()).toEqual([...entryKinds].sort());
    for (const [kind, modules] of owners) expect(modules, kind).toHaveLength(1);
  });

  it('ships only Home shortcuts the contract knows', () => {
    for (const manifest of moduleManifests) {
      for (const shortcut of manifest.shortcuts ?? []) expect(homeShortcutKeys).toContain(shortcut);
    }
  });

  it('declares account kinds that exist', () => {
    for (const manifest of moduleManifests) {
      for (const kind of manifest.accountKinds ?? []) expect(userAccountKindNames).toContain(kind);
    }
  });

  it('opens an account kind to transfers exactly when a registered module declares it', () => {
    const served = servedAccountKindsOf(moduleManifests);
    const declared = new Set(moduleManifests.flatMap((manifest) => manifest.accountKinds ?? []));
    expect([...served].sort()).toEqual([...declared].sort());
    expect(served.has('change')).toBe(true);
    // Registering a futures module (one line in composition.ts) is all it takes to open `lever`.
    const withFutures = servedAccountKindsOf([
      ...moduleManifests,
      { name: 'contracts', accountKinds: ['lever'] },
    ]);
    expect(withFutures.has('lever')).toBe(true);
  });

  it('has server messages under each declared locale namespace', () => {
    const keys = Object.keys(serverMessages.en);
    for (const manifest of moduleManifests) {
      if (manifest.localeNamespace === undefined) continue;
      const prefix = `${manifest.localeNamespace}.`;
      expect(
        keys.some((key) => key.startsWith(prefix)),
        `${manifest.name}: no message starts with ${prefix}`,
      ).toBe(true);
    }
  });
});
