import { randomBytes } from 'node:crypto';
import { uploadMaxBytes } from '@fairex/contract';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { platformErrors } from '../../platform/http/app-error';
import { SemaphoreFullError } from '../../platform/semaphore';
import type { FileStorage } from '../../platform/storage/file-storage';
import {
  type FileReader,
  type FileReviewer,
  type FileVisibility,
  imageFormats,
  isUploadKey,
  mayRead,
  publicPathOf,
  sniffImageType,
  storageKeyFor,
  storedNameHexLength,
  uploadKeyOfPath,
} from './upload.domain';
import { uploadError } from './upload.errors';
import { reencodeImage } from './upload.image';
import { findUploadedFile, insertUploadedFile, updateVisibility } from './upload.repository';

export type UploadServiceDeps = {
  readonly db: Database;
  readonly storage: FileStorage;
  readonly clock: Clock;
};

export type ServedFile = {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly visibility: FileVisibility;
};

/** Who uploads: a user (their own images) or staff (images for the site, public). */
export type UploadOwner = { readonly userId: number } | { readonly staffId: number };

export type UploadService = {
  /**
   * Checks, re-encodes and stores an image; answers its public path, `/uploads/<key>`. `record`
   * runs in the transaction that stores the file's row (staff uploads append their audit entry).
   */
  storeImage(params: {
    owner: UploadOwner;
    bytes: Buffer;
    record?: (tx: Database, path: string) => Promise<void>;
  }): Promise<string>;
  /** The file for this reader, or null when it does not exist or is not theirs to see. */
  readFile(params: { key: string; reader: FileReader | null }): Promise<ServedFile | null>;
  /** For the modules that take ID photos and vouchers: makes one of the owner's files private. */
  setVisibility(params: { key: string; ownerUserId: number; visibility: FileVisibility }): Promise<boolean>;
};

function randomName(): string {
  return randomBytes(storedNameHexLength / 2).toString('hex');
}

export function createUploadService(deps: UploadServiceDeps): UploadService {
  return {
    async storeImage({ owner, bytes, record }) {
      if (bytes.length > uploadMaxBytes) throw uploadError('fileTooLarge');
      const type = sniffImageType(bytes);
      if (!type) throw uploadError('unsupportedType');
      const image = await reencodeImage(bytes, type).catch((error: unknown) => {
        if (error instanceof SemaphoreFullError) throw platformErrors.tooManyRequests();
        throw error;
      });
      if (!image.ok)
        throw uploadError(image.reason === 'tooManyPixels' ? 'tooManyPixels' : 'unreadableImage');

      const key = storageKeyFor({ now: deps.clock.now(), randomHex: randomName(), type });
      const { contentType } = imageFormats[type];
      await deps.storage.put(key, image.bytes, contentType);
      try {
        await deps.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          await insertUploadedFile(tx, {
            key,
            contentType,
            sizeBytes: image.bytes.length,
            width: image.width,
            height: image.height,
            ownerUserId: 'userId' in owner ? owner.userId : null,
            ownerStaffId: 'staffId' in owner ? owner.staffId : null,
            visibility: 'public',
            createdAt: deps.clock.now(),
          });
          await record?.(tx, publicPathOf(key));
        });
      } catch (error) {
        // No row means nobody can ever be served the file, so it must not stay behind either.
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
      return publicPathOf(key);
    },

    async readFile({ key, reader }) {
      if (!isUploadKey(key)) return null;
      const record = await findUploadedFile(deps.db, key);
      if (!record || !mayRead(record, reader)) return null;
      const stored = await deps.storage.get(key);
      if (!stored) return null;
      return { bytes: stored.bytes, contentType: stored.contentType, visibility: record.visibility };
    },

    setVisibility(params) {
      if (!isUploadKey(params.key)) return Promise.resolve(false);
      return updateVisibility(deps.db, params);
    },
  };
}

/**
 * For modules that reuse an upload publicly (avatars): is `path` a public file of this owner?
 * Private files (ID photos, vouchers) never qualify.
 */
export async function isOwnPublicUpload(
  db: Database,
  params: { path: string; ownerUserId: number },
): Promise<boolean> {
  const key = uploadKeyOfPath(params.path);
  if (key === null) return false;
  const file = await findUploadedFile(db, key);
  return file !== null && file.ownerUserId === params.ownerUserId && file.visibility === 'public';
}

/**
 * For modules that read what an upload shows (a QR code): the bytes of `path` when it is a public
 * file of this owner, else null (the same files `isOwnPublicUpload` accepts).
 */
export async function readOwnPublicUpload(
  db: Database,
  storage: FileStorage,
  params: { path: string; ownerUserId: number },
): Promise<Uint8Array | null> {
  if (!(await isOwnPublicUpload(db, params))) return null;
  const key = uploadKeyOfPath(params.path);
  const stored = key === null ? null : await storage.get(key);
  return stored?.bytes ?? null;
}

/**
 * For modules that take ID photos and vouchers: makes the file at `path` (`/uploads/<key>`, as
 * the upload reply gave it) private. False when there is no such file or it is someone else's.
 * `db` may be a transaction, so the change commits with the record that refers to the file.
 */
export function markUploadPrivate(
  db: Database,
  params: { path: string; ownerUserId: number; reviewer: FileReviewer },
): Promise<boolean> {
  const key = uploadKeyOfPath(params.path);
  if (key === null) return Promise.resolve(false);
  return updateVisibility(db, {
    key,
    ownerUserId: params.ownerUserId,
    visibility: 'private',
    reviewer: params.reviewer,
  });
}

/**
 * Stores a PNG the platform drew itself (the demo catalogue's artwork) as a public upload with no
 * owner; answers its public path. Not for outside bytes: those go through storeImage.
 */
export async function storeGeneratedPng(
  deps: UploadServiceDeps,
  image: { readonly bytes: Uint8Array; readonly width: number; readonly height: number },
): Promise<string> {
  const key = storageKeyFor({ now: deps.clock.now(), randomHex: randomName(), type: 'png' });
  await deps.storage.put(key, image.bytes, 'image/png');
  await insertUploadedFile(deps.db, {
    key,
    contentType: 'image/png',
    sizeBytes: image.bytes.length,
    width: image.width,
    height: image.height,
    ownerUserId: null,
    ownerStaffId: null,
    visibility: 'public',
    createdAt: deps.clock.now(),
  });
  return publicPathOf(key);
}
