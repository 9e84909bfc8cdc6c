/**
 * The upload module's public surface: POST /api/upload (under the /api prefix) and the file
 * server for GET /uploads/* (at the root); and, for modules that take ID photos or vouchers,
 * `markUploadPrivate`, after which only the owner and compliance staff can read the file.
 */
export { uploadFileRoutes, uploadRoutes } from './upload.routes';
export { isOwnPublicUpload, markUploadPrivate } from './upload.service';
