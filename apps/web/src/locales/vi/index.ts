import type { ResourceLanguage } from 'i18next';

/**
 * Every namespace of this locale, keyed "./<namespace>.json", in one chunk: a language loads
 * with one request, and the entry's loader map names ten chunks instead of one per file.
 */
const namespaceFiles = import.meta.glob<ResourceLanguage>('./*.json', { eager: true, import: 'default' });

export default namespaceFiles;
