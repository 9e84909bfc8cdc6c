import { defaultAreaCode } from '@fairex/contract';

/** A country or region and its international dialling code (digits, no "+"). */
export type Area = { region: string; dialCode: string };

/**
 * ISO 3166 region → dialling code. Names are not stored: Intl.DisplayNames gives them in the
 * reader's language. Where several regions share a code (+1, +7, +44, +262, +590), each is listed.
 */
const table =
  'AF93 AL355 DZ213 AS1684 AD376 AO244 AI1264 AG1268 AR54 AM374 AW297 AU61 AT43 AZ994 BS1242 ' +
  'BH973 BD880 BB1246 BY375 BE32 BZ501 BJ229 BM1441 BT975 BO591 BA387 BW267 BR55 BN673 BG359 ' +
  'BF226 BI257 KH855 CM237 CA1 CV238 KY1345 CF236 TD235 CL56 CN86 CO57 KM269 CG242 CD243 CK682 ' +
  'CR506 CI225 HR385 CU53 CW599 CY357 CZ420 DK45 DJ253 DM1767 DO1809 EC593 EG20 SV503 GQ240 ' +
  'ER291 EE372 SZ268 ET251 FO298 FJ679 FI358 FR33 GF594 PF689 GA241 GM220 GE995 DE49 GH233 ' +
  'GI350 GR30 GL299 GD1473 GP590 GU1671 GT502 GG44 GN224 GW245 GY592 HT509 HN504 HK852 HU36 ' +
  'IS354 IN91 ID62 IR98 IQ964 IE353 IM44 IL972 IT39 JM1876 JP81 JE44 JO962 KZ7 KE254 KI686 ' +
  'XK383 KW965 KG996 LA856 LV371 LB961 LS266 LR231 LY218 LI423 LT370 LU352 MO853 MG261 MW265 ' +
  'MY60 MV960 ML223 MT356 MH692 MQ596 MR222 MU230 YT262 MX52 FM691 MD373 MC377 MN976 ME382 ' +
  'MS1664 MA212 MZ258 MM95 NA264 NR674 NP977 NL31 NC687 NZ64 NI505 NE227 NG234 KP850 MK389 ' +
  'MP1670 NO47 OM968 PK92 PW680 PS970 PA507 PG675 PY595 PE51 PH63 PL48 PT351 PR1787 QA974 ' +
  'RE262 RO40 RU7 RW250 BL590 KN1869 LC1758 MF590 PM508 VC1784 WS685 SM378 ST239 SA966 SN221 ' +
  'RS381 SC248 SL232 SG65 SX1721 SK421 SI386 SB677 SO252 ZA27 KR82 SS211 ES34 LK94 SD249 SR597 ' +
  'SE46 CH41 SY963 TW886 TJ992 TZ255 TH66 TL670 TG228 TO676 TT1868 TN216 TR90 TM993 TC1649 ' +
  'TV688 UG256 UA380 AE971 GB44 US1 UY598 UZ998 VU678 VA379 VE58 VN84 VG1284 VI1340 WF681 YE967 ' +
  'ZM260 ZW263';

export const areas: readonly Area[] = table.split(' ').map((entry) => ({
  region: entry.slice(0, 2),
  dialCode: entry.slice(2),
}));

/** Registration's default (spec section 9: 86, China). */
export const defaultArea: Area = { region: 'CN', dialCode: defaultAreaCode };

/** A named area, ready to show and to search. */
export type NamedArea = Area & { name: string; englishName: string };

type RegionNamer = (region: string) => string | undefined;

/** Region names in one language; the code itself when Intl does not know it. */
export function regionNamer(languageTag: string): RegionNamer {
  try {
    const names = new Intl.DisplayNames([languageTag], { type: 'region', fallback: 'none' });
    return (region) => names.of(region);
  } catch {
    return () => undefined;
  }
}

/** Every area with its name in the reader's language and in English, sorted by local name. */
export function namedAreas(languageTag: string, list: readonly Area[] = areas): NamedArea[] {
  const local = regionNamer(languageTag);
  const english = regionNamer('en');
  const collator = new Intl.Collator(languageTag);
  return list
    .map((area) => {
      const englishName = english(area.region) ?? area.region;
      return { ...area, englishName, name: local(area.region) ?? englishName };
    })
    .sort((first, second) => collator.compare(first.name, second.name));
}

/** Lower case without accents, so "cote" finds "Côte d’Ivoire". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * Areas matching a query: by local or English name (any word start, or anywhere for CJK and Thai
 * scripts without spaces), by ISO code, or by dialling code ("+66", "66"). Dial-code matches come
 * first, exact ones before prefixes.
 */
export function searchAreas(list: readonly NamedArea[], query: string): NamedArea[] {
  const folded = foldForSearch(query);
  if (folded === '') return [...list];
  const digits = /^\+?\s*(\d+)$/.exec(folded)?.[1];
  if (digits !== undefined) {
    const exact = list.filter((area) => area.dialCode === digits);
    const prefix = list.filter((area) => area.dialCode !== digits && area.dialCode.startsWith(digits));
    return [...exact, ...prefix];
  }
  return list.filter((area) => {
    if (area.region.toLowerCase() === folded) return true;
    return [area.name, area.englishName].some((name) => foldForSearch(name).includes(folded));
  });
}
