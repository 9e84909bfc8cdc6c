import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { FileReviewer, FileVisibility } from './upload.domain';
import { uploadedFiles } from './upload.schema';

export type UploadedFileRecord = {
  readonly key: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly width: number;
  readonly height: number;
  readonly ownerUserId: number | null;
  readonly visibility: FileVisibility;
  readonly reviewer?: FileReviewer | null;
};

export async function insertUploadedFile(
  db: Database,
  record: UploadedFileRecord & { ownerStaffId?: number | null; createdAt: Date },
): Promise<void> {
  await db.insert(uploadedFiles).values(record);
}

export async function findUploadedFile(db: Database, key: string): Promise<UploadedFileRecord | null> {
  const rows = await db
    .select({
      key: uploadedFiles.key,
      contentType: uploadedFiles.contentType,
      sizeBytes: uploadedFiles.sizeBytes,
      width: uploadedFiles.width,
      height: uploadedFiles.height,
      ownerUserId: uploadedFiles.ownerUserId,
      visibility: uploadedFiles.visibility,
      reviewer: uploadedFiles.reviewer,
    })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.key, key))
    .limit(1);
  return rows[0] ?? null;
}

/** Changes visibility of one of the owner's files; false when the owner has no such file. */
export async function updateVisibility(
  db: Database,
  params: { key: string; ownerUserId: number; visibility: FileVisibility; reviewer?: FileReviewer },
): Promise<boolean> {
  const updated = await db
    .update(uploadedFiles)
    .set({ visibility: params.visibility, reviewer: params.reviewer ?? null })
    .where(and(eq(uploadedFiles.key, params.key), eq(uploadedFiles.ownerUserId, params.ownerUserId)))
    .returning({ key: uploadedFiles.key });
  return updated.length > 0;
}
