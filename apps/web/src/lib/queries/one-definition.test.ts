import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSource = path.resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const file = path.join(folder, entry);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [file] : [];
  });
}

/** The resource each query function reads: the path literal or the contract route it calls. */
const queryReads = /queryFn:[\s\S]{0,120}?(?:api(?:Get|Post)(?:<[^>]*>)?\(\s*'([^']+)'|callRoute\(\s*(\w+))/g;

/**
 * Read by two definitions on purpose, each a different view with its own parameters and key:
 * the spot orders of one pair (trade page) and the order history by tab; the withdraw form's
 * first 50 saved addresses and the address book's infinite list. Nothing may join this list.
 */
const knownRepeats = new Set(['userWalletListRoute', 'coinListRoute']);

describe('web queries', () => {
  it('define each resource once: a second definition would be a second cache entry of the same data', () => {
    const definitions = new Map<string, string[]>();
    for (const file of sourceFiles(webSource)) {
      for (const match of readFileSync(file, 'utf8').matchAll(queryReads)) {
        const resource = match[1] ?? match[2] ?? '';
        const where = path.relative(webSource, file);
        definitions.set(resource, [...(definitions.get(resource) ?? []), where]);
      }
    }
    expect(definitions.size).toBeGreaterThan(10);
    const repeated = [...definitions].filter(
      ([resource, files]) => files.length > 1 && !knownRepeats.has(resource),
    );
    expect(repeated).toEqual([]);
  });
});
