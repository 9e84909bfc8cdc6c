/** One line of a before/after comparison of two audit snapshots. */
export type DiffLine = {
  readonly key: string;
  readonly kind: 'same' | 'added' | 'removed' | 'changed';
  /** JSON text of the value before (absent when added). */
  readonly before?: string;
  /** JSON text of the value after (absent when removed). */
  readonly after?: string;
};

type Snapshot = Record<string, unknown> | null;

/** Nested objects flatten to dotted keys so a change deep inside shows on its own line. */
function flatten(value: Snapshot, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (!value) return into;
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (
      inner !== null &&
      typeof inner === 'object' &&
      !Array.isArray(inner) &&
      Object.keys(inner).length > 0
    ) {
      flatten(inner as Record<string, unknown>, path, into);
    } else {
      into.set(path, JSON.stringify(inner));
    }
  }
  return into;
}

/**
 * The keys of both snapshots in a stable order (before's order, then keys only after has), each
 * marked same, added, removed or changed. Values are compared as JSON text, never as numbers, so
 * decimal strings such as "0.10" and "0.1" count as different.
 */
export function diffSnapshots(before: Snapshot, after: Snapshot): DiffLine[] {
  const left = flatten(before);
  const right = flatten(after);
  const keys = [...left.keys(), ...[...right.keys()].filter((key) => !left.has(key))];
  return keys.map((key): DiffLine => {
    const was = left.get(key);
    const now = right.get(key);
    if (was === undefined) return { key, kind: 'added', after: now };
    if (now === undefined) return { key, kind: 'removed', before: was };
    if (was === now) return { key, kind: 'same', before: was, after: now };
    return { key, kind: 'changed', before: was, after: now };
  });
}
