/**
 * The upload module's public surface: POST /api/upload (under the /api prefix) and the file
 * server for GET /uploads/* (at the root); and, for modules that take ID photos or vouchers,
 * `markUploadPrivate`, after which only the owner and compliance staff can read the file.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import { type UploadModuleDeps, uploadFileRoutes, uploadRoutes } from './upload.routes';

export {
  isOwnPublicUpload,
  markUploadPrivate,
  readOwnPublicUpload,
  storeGeneratedPng,
} from './upload.service';

/** POST /upload and /admin/upload under /api; the files themselves at /uploads/* (owner and staff). */
export const uploadManifest = {
  name: 'upload',
  localeNamespace: 'upload',
} as const satisfies ModuleManifest;

export function createUploadModule(deps: UploadModuleDeps): AppModule {
  return {
    ...uploadManifest,
    routes: uploadRoutes(deps),
    rootRoutes: uploadFileRoutes(deps),
  };
}
