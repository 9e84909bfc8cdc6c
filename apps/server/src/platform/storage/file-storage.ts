/**
 * Where uploaded files live. The local implementation writes under DATA_DIR; an S3-compatible
 * store can implement the same three calls later without touching the modules.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes and type, or null when no such file exists. */
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
}
