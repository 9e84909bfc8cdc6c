import { areaCodeSchema } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { areas, defaultArea, foldForSearch, namedAreas, searchAreas } from './area-codes';

describe('area codes', () => {
  it('lists each region once with a dialling code the API accepts', () => {
    const regions = areas.map((area) => area.region);
    expect(new Set(regions).size).toBe(regions.length);
    expect(areas.length).toBeGreaterThan(200);
    for (const area of areas) {
      expect(area.region).toMatch(/^[A-Z]{2}$/);
      expect(areaCodeSchema.safeParse(area.dialCode).success, area.region).toBe(true);
    }
  });

  it('defaults to 86, China (spec section 9)', () => {
    expect(defaultArea).toEqual({ region: 'CN', dialCode: '86' });
    expect(areas).toContainEqual(defaultArea);
  });

  it('names regions in the reader’s language and sorts by that name', () => {
    const chinese = namedAreas('zh-CN');
    expect(chinese.find((area) => area.region === 'TH')?.name).toBe('泰国');
    expect(chinese.find((area) => area.region === 'TH')?.englishName).toBe('Thailand');
    const english = namedAreas('en').map((area) => area.name);
    expect(english.indexOf('Albania')).toBeLessThan(english.indexOf('Zambia'));
  });
});

describe('area search', () => {
  const english = namedAreas('en');
  const thai = namedAreas('th');

  it('finds by name in the reader’s language or in English', () => {
    expect(searchAreas(english, 'thai').map((area) => area.region)).toEqual(['TH']);
    expect(searchAreas(thai, 'ไทย').map((area) => area.region)).toContain('TH');
    expect(searchAreas(thai, 'Thailand').map((area) => area.region)).toEqual(['TH']);
  });

  it('ignores accents and case', () => {
    expect(foldForSearch('Côte d’Ivoire')).toBe('cote d’ivoire');
    expect(searchAreas(english, 'COTE').map((area) => area.region)).toContain('CI');
  });

  it('finds by dialling code, exact matches first, with or without "+"', () => {
    expect(searchAreas(english, '+66')[0]?.region).toBe('TH');
    const one = searchAreas(english, '1');
    expect(
      one
        .slice(0, 2)
        .map((area) => area.region)
        .sort(),
    ).toEqual(['CA', 'US']);
    expect(one.some((area) => area.dialCode === '1876')).toBe(true);
    expect(searchAreas(english, '852').map((area) => area.region)).toEqual(['HK']);
  });

  it('finds by ISO code and returns everything for an empty query', () => {
    expect(searchAreas(english, 'vn').map((area) => area.region)).toContain('VN');
    expect(searchAreas(english, '  ')).toHaveLength(english.length);
    expect(searchAreas(english, 'zzzz')).toEqual([]);
  });
});
