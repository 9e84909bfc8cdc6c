/**
 * The demo NFT catalogue: three artists, two collections, a handful of artworks (fixed price and
 * one auction) and one blind box. Every image is drawn here by code (an SVG pattern rendered to
 * PNG with sharp) and stored through the platform storage as a public upload, so nothing is copied
 * from elsewhere. Runs only when config.demo and only on an empty catalogue.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import type { FileStorage } from '../../platform/storage/file-storage';
import { listCurrencies } from '../ledger';
import { storeGeneratedPng } from '../upload';
import type { NftService } from './nft.service';

/** A deterministic generative picture: concentric shapes in a palette picked from `seed`. */
export function demoArtworkSvg(seed: string, size = 480): string {
  const digest = createHash('sha256').update(seed).digest();
  const byte = (index: number) => digest[index % digest.length] as number;
  const hue = (byte(0) * 360) / 256;
  const shapes: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const r = size * (0.48 - i * 0.05);
    const h = (hue + byte(i + 1) * 0.7) % 360;
    const cx = size / 2 + (byte(i + 10) - 128) * 0.25;
    const cy = size / 2 + (byte(i + 20) - 128) * 0.25;
    shapes.push(
      byte(i + 2) % 2 === 0
        ? `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="hsl(${h.toFixed(0)},70%,${35 + i * 5}%)"/>`
        : `<rect x="${(cx - r).toFixed(1)}" y="${(cy - r).toFixed(1)}" width="${(2 * r).toFixed(1)}" height="${(2 * r).toFixed(1)}" rx="${(r * 0.3).toFixed(1)}" transform="rotate(${byte(i + 3) % 90} ${cx.toFixed(1)} ${cy.toFixed(1)})" fill="hsl(${h.toFixed(0)},65%,${30 + i * 6}%)"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="100%" height="100%" fill="hsl(${hue.toFixed(0)},40%,12%)"/>${shapes.join('')}</svg>`;
}

async function storeDemoImage(
  deps: { db: Database; clock: Clock; storage: FileStorage },
  seed: string,
  size = 480,
) {
  const bytes = await sharp(Buffer.from(demoArtworkSvg(seed, size)))
    .png()
    .toBuffer();
  return storeGeneratedPng(deps, { bytes, width: size, height: size });
}

export async function seedDemoNft(deps: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  nft: NftService;
}) {
  const [existing] = await rowsOf<{ n: number }>(deps.db, sql`select count(*)::int as n from nft_artists`);
  if (Number(existing?.n) > 0) return;
  const usdt = (await listCurrencies(deps.db)).find((currency) => currency.code === 'USDT');
  if (!usdt) return;
  const image = (seed: string, size?: number) => storeDemoImage(deps, seed, size);
  const now = deps.clock.now().getTime();
  const day = 86_400_000;

  const artists: { name: string; bios: Record<string, string> }[] = [
    { name: 'Lin Qiao', bios: { en: 'Generative painter of quiet geometry.', zh: '安静几何的生成艺术家。' } },
    {
      name: 'Marta Ruiz',
      bios: { en: 'Colour studies in code.', zh: '用代码做色彩研究。', spa: 'Estudios de color en código.' },
    },
    {
      name: 'Kenji Sato',
      bios: { en: 'Patterns from numbers.', zh: '来自数字的图案。', jp: '数から生まれる模様。' },
    },
  ];
  const artistIds: number[] = [];
  for (const artist of artists) {
    const saved = await deps.nft.saveArtist(null, {
      ...artist,
      avatar: await image(`avatar:${artist.name}`, 160),
    });
    artistIds.push(saved.id);
  }
  const [lin, marta, kenji] = artistIds as [number, number, number];
  const orbit = await deps.nft.saveCollection(null, {
    artist_id: lin,
    names: { en: 'Orbits', zh: '轨道' },
    descriptions: { en: 'Circles that never quite meet.', zh: '永不相交的圆。' },
    cover: await image('collection:orbits'),
  });
  const prism = await deps.nft.saveCollection(null, {
    artist_id: marta,
    names: { en: 'Prisms', zh: '棱镜' },
    descriptions: { en: 'Light split into squares.', zh: '被分成方块的光。' },
    cover: await image('collection:prisms'),
  });

  const works: {
    artist: number;
    collection?: number;
    titles: Record<string, string>;
    rarity: 'common' | 'rare' | 'epic' | 'legendary';
    editions: number;
    mode?: 'normal' | 'auction';
    price: string;
    increment?: string;
    margin?: string;
    startsInDays?: number;
    days?: number;
  }[] = [
    {
      artist: lin,
      collection: orbit.id,
      titles: { en: 'Orbit I', zh: '轨道 一' },
      rarity: 'common',
      editions: 5,
      price: '20',
    },
    {
      artist: lin,
      collection: orbit.id,
      titles: { en: 'Orbit II', zh: '轨道 二' },
      rarity: 'rare',
      editions: 3,
      price: '60',
    },
    {
      artist: lin,
      collection: orbit.id,
      titles: { en: 'Orbit Zero', zh: '轨道 零' },
      rarity: 'legendary',
      editions: 1,
      mode: 'auction',
      price: '100',
      increment: '10',
      margin: '20',
      days: 3,
    },
    {
      artist: marta,
      collection: prism.id,
      titles: { en: 'Prism Blue', zh: '蓝色棱镜' },
      rarity: 'epic',
      editions: 2,
      price: '150',
    },
    {
      artist: marta,
      collection: prism.id,
      titles: { en: 'Prism Dawn', zh: '黎明棱镜' },
      rarity: 'rare',
      editions: 4,
      price: '45',
      startsInDays: 2,
    },
    {
      artist: kenji,
      titles: { en: 'Number Garden', zh: '数字花园' },
      rarity: 'common',
      editions: 10,
      price: '8',
    },
  ];
  for (const work of works) {
    const picture = await image(`artwork:${work.titles.en}`);
    const startsAt = now + (work.startsInDays ?? 0) * day - 60_000;
    await deps.nft.saveArtwork(null, {
      artist_id: work.artist,
      ...(work.collection === undefined ? {} : { collection_id: work.collection }),
      media_type: 'image',
      media: picture,
      cover: picture,
      titles: work.titles,
      descriptions: { en: 'Drawn by code for the Fairex demo.', zh: '为 Fairex 演示用代码绘制。' },
      rarity: work.rarity,
      currency_id: usdt.id,
      editions: work.editions,
      sale_mode: work.mode ?? 'normal',
      price: work.price,
      ...(work.increment ? { increment: work.increment } : {}),
      ...(work.margin ? { margin: work.margin } : {}),
      starts_at: startsAt,
      ends_at: startsAt + (work.days ?? 60) * day,
    });
  }
  // The blind box's prizes: artworks only drawn from the box (no editions listed).
  const prizes: { title: string; rarity: 'common' | 'rare' | 'epic' | 'legendary'; weight: number }[] = [
    { title: 'Tile Common', rarity: 'common', weight: 70 },
    { title: 'Tile Rare', rarity: 'rare', weight: 24 },
    { title: 'Tile Epic', rarity: 'epic', weight: 5 },
    { title: 'Tile Legend', rarity: 'legendary', weight: 1 },
  ];
  const prizeIds: { artwork_id: number; weight: number }[] = [];
  for (const prize of prizes) {
    const picture = await image(`prize:${prize.title}`);
    const artwork = await deps.nft.saveArtwork(null, {
      artist_id: kenji,
      media_type: 'image',
      media: picture,
      cover: picture,
      titles: { en: prize.title },
      rarity: prize.rarity,
      currency_id: usdt.id,
      editions: 0,
    });
    prizeIds.push({ artwork_id: artwork.id, weight: prize.weight });
  }
  await deps.nft.createBox(null, {
    artist_id: kenji,
    titles: { en: 'Tiles mystery box', zh: '瓷砖盲盒' },
    descriptions: { en: 'One of four tiles, odds published.', zh: '四种瓷砖之一,概率公开。' },
    cover: await image('box:tiles'),
    price: '10',
    currency_id: usdt.id,
    supply: 500,
    starts_at: now - 60_000,
    ends_at: now + 14 * day,
    items: prizeIds,
  });
}
