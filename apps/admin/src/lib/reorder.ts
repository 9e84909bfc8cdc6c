/** The list with the item at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const next = [...list];
  if (index < 0 || index >= next.length || target < 0 || target >= next.length) return next;
  const [item] = next.splice(index, 1) as [T];
  next.splice(target, 0, item);
  return next;
}
