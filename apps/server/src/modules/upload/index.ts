/**
 * The upload module's public surface: POST /api/upload (under the /api prefix) and the file
 * server for GET /uploads/* (at the root).
 */
export { uploadFileRoutes, uploadRoutes } from './upload.routes';
