import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
type LockPackage = {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
  dev?: boolean;
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockPackage>;
};
const declared = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('the Node.js versions package.json promises', () => {
  it('are accepted by every locked package, so `npm install` prints no EBADENGINE warning', () => {
    const minimum = semver.minVersion(declared);
    expect(minimum).not.toBeNull();
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name.includes('node_modules/'))
      .flatMap(([name, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return wanted && !semver.satisfies(minimum as semver.SemVer, wanted)
          ? [`${name}@${entry.version}: ${wanted}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
