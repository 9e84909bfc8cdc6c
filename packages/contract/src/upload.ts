import { z } from 'zod';

/** The multipart field the file travels in (client contract). */
export const uploadFieldName = 'file';
export const uploadMaxBytes = 5 * 1024 * 1024;
/** Enough for an ID photo or a voucher (a 12-megapixel phone photo in any aspect); decoding more only costs time. */
export const uploadMaxPixels = 16_000_000;
/** What the server accepts, by content (never by name); each comes back re-encoded in its own type. */
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** A stored file's path: a month folder and a random name, e.g. `/uploads/2026/11/3f9c...e1.jpg`. */
export const uploadPathPattern = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(jpg|png|webp|gif)$/;

/** POST /upload replies the stored file's path. */
export const uploadReplySchema = z.string().regex(uploadPathPattern);
