import { z } from 'zod';

/** POST /upload replies the stored file's path, e.g. `/uploads/2026/11/3f9c...e1.jpg`. */
export const uploadReplySchema = z.string();
export const uploadMaxBytes = 5 * 1024 * 1024;
export const uploadMaxPixels = 40_000_000;
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
