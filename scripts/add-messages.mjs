#!/usr/bin/env node
// Merges new message keys into locale JSON files in one quick read-modify-write per file, so
// several people adding keys at once do not overwrite each other's.
// Usage: node scripts/add-messages.mjs <dir-with-<lang>.json> <additions.json>
// where additions.json is { "<key>": { "en": "...", "zh": "...", ... all ten } }.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const locales = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'vi', 'pt'];
const [directory, additionsFile] = process.argv.slice(2);
if (!directory || !additionsFile) {
  console.error('usage: node scripts/add-messages.mjs <locale-dir> <additions.json>');
  process.exit(2);
}
/** @type {Record<string, Record<string, string>>} */
const additions = JSON.parse(readFileSync(additionsFile, 'utf8'));
for (const [key, texts] of Object.entries(additions)) {
  const missing = locales.filter((locale) => !texts[locale]?.trim());
  if (missing.length > 0) {
    console.error(`${key}: missing ${missing.join(', ')}`);
    process.exit(1);
  }
}
for (const locale of locales) {
  const file = path.join(directory, `${locale}.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8'));
  for (const [key, texts] of Object.entries(additions)) messages[key] = texts[locale];
  const sorted = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(`${file}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
console.log(`added ${Object.keys(additions).length} keys to ${locales.length} locales in ${directory}`);
