import { describe, expect, it } from 'vitest';
import { refetchIntervalFor } from './live-or-polling';

describe('refetchIntervalFor', () => {
  it('does not poll while the socket is connected', () => {
    expect(refetchIntervalFor('connected', 5000)).toBe(false);
  });

  it('polls at the given interval while the socket is connecting or down', () => {
    expect(refetchIntervalFor('connecting', 5000)).toBe(5000);
    expect(refetchIntervalFor('disconnected', 3000)).toBe(3000);
  });
});
