import type { Locale } from '@fairex/contract';

type AssetName = {
  readonly en: string;
  /** Other names people search by in any language (a former name, the company behind a brand). */
  readonly also?: readonly string[];
} & Partial<Record<Exclude<Locale, 'en'>, string>>;

/**
 * What people call the listed assets, so search finds "ethereum", "tesla" or "以太坊" as well as
 * the ticker: the English name, and the local name where a language has one of its own (brand
 * names most languages write in Latin letters are left to English). An asset an operator adds
 * later without a name here is found by its ticker.
 */
const assetNames: Readonly<Record<string, AssetName>> = {
  BTC: {
    en: 'Bitcoin',
    zh: '比特币',
    hk: '比特幣',
    jp: 'ビットコイン',
    kor: '비트코인',
    th: 'บิตคอยน์',
  },
  ETH: {
    en: 'Ethereum',
    zh: '以太坊',
    hk: '以太坊',
    jp: 'イーサリアム',
    kor: '이더리움',
    th: 'อีเธอเรียม',
  },
  BNB: { en: 'BNB', zh: '币安币', hk: '幣安幣' },
  SOL: { en: 'Solana', zh: '索拉纳', jp: 'ソラナ', kor: '솔라나', th: 'โซลานา' },
  XRP: { en: 'XRP', also: ['Ripple'], zh: '瑞波币', hk: '瑞波幣', jp: 'リップル', kor: '리플' },
  ADA: { en: 'Cardano', zh: '艾达币', hk: '艾達幣', jp: 'カルダノ', kor: '에이다 카르다노', th: 'คาร์ดาโน' },
  DOGE: {
    en: 'Dogecoin',
    zh: '狗狗币',
    hk: '狗狗幣',
    jp: 'ドージコイン',
    kor: '도지코인',
    th: 'โดจคอยน์',
  },
  TRX: { en: 'TRON', zh: '波场', hk: '波場', jp: 'トロン', kor: '트론', th: 'ทรอน' },
  TON: { en: 'Toncoin', zh: '顿币', jp: 'トンコイン', kor: '톤코인' },
  DOT: { en: 'Polkadot', zh: '波卡', hk: '波卡', jp: 'ポルカドット', kor: '폴카닷' },
  LINK: { en: 'Chainlink', jp: 'チェーンリンク', kor: '체인링크' },
  POL: { en: 'Polygon', jp: 'ポリゴン', kor: '폴리곤' },
  LTC: { en: 'Litecoin', zh: '莱特币', hk: '萊特幣', jp: 'ライトコイン', kor: '라이트코인' },
  BCH: {
    en: 'Bitcoin Cash',
    zh: '比特币现金',
    hk: '比特幣現金',
    jp: 'ビットコインキャッシュ',
    kor: '비트코인캐시',
  },
  AVAX: { en: 'Avalanche', zh: '雪崩', jp: 'アバランチ', kor: '아발란체' },
  UNI: { en: 'Uniswap', jp: 'ユニスワップ', kor: '유니스왑' },
  ATOM: { en: 'Cosmos', jp: 'コスモス', kor: '코스모스' },
  ETC: {
    en: 'Ethereum Classic',
    zh: '以太经典',
    hk: '以太坊經典',
    jp: 'イーサリアムクラシック',
    kor: '이더리움 클래식',
  },
  FIL: { en: 'Filecoin', zh: '文件币', jp: 'ファイルコイン', kor: '파일코인' },
  NEAR: { en: 'NEAR Protocol', jp: 'ニア', kor: '니어 프로토콜' },
  AAPL: { en: 'Apple', zh: '苹果', hk: '蘋果', jp: 'アップル', kor: '애플', th: 'แอปเปิล' },
  TSLA: { en: 'Tesla', zh: '特斯拉', hk: '特斯拉', jp: 'テスラ', kor: '테슬라', th: 'เทสลา' },
  NVDA: { en: 'NVIDIA', zh: '英伟达', hk: '輝達', jp: 'エヌビディア', kor: '엔비디아', th: 'เอ็นวิเดีย' },
  MSFT: {
    en: 'Microsoft',
    zh: '微软',
    hk: '微軟',
    jp: 'マイクロソフト',
    kor: '마이크로소프트',
    th: 'ไมโครซอฟท์',
  },
  AMZN: { en: 'Amazon', zh: '亚马逊', hk: '亞馬遜', jp: 'アマゾン', kor: '아마존', th: 'แอมะซอน' },
  GOOGL: {
    en: 'Alphabet',
    also: ['Google'],
    zh: '谷歌',
    hk: '谷歌',
    jp: 'グーグル',
    kor: '구글',
    th: 'กูเกิล',
  },
  META: { en: 'Meta Platforms', also: ['Facebook'], jp: 'メタ', kor: '메타', th: 'เมตา' },
  NFLX: { en: 'Netflix', zh: '奈飞', hk: '網飛', jp: 'ネットフリックス', kor: '넷플릭스' },
  AMD: { en: 'Advanced Micro Devices', also: ['AMD'], zh: '超威半导体', hk: '超微半導體' },
  COIN: { en: 'Coinbase', jp: 'コインベース', kor: '코인베이스' },
};

function localName(entry: AssetName, locale: Locale): string | undefined {
  return locale === 'en' ? undefined : entry[locale];
}

/** The names search matches for an asset in `locale`: the local one, English, and the others. */
export function assetNamesFor(base: string, locale: Locale): readonly string[] {
  const entry = assetNames[base.toUpperCase()];
  if (!entry) return [];
  const local = localName(entry, locale);
  return [...(local ? [local] : []), entry.en, ...(entry.also ?? [])];
}

/** The name shown beside a ticker in `locale`: the local name, else English, else none. */
export function assetDisplayName(base: string, locale: Locale): string | null {
  const entry = assetNames[base.toUpperCase()];
  return entry ? (localName(entry, locale) ?? entry.en) : null;
}
