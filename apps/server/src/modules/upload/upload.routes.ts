import { apiReply, isLocale, uploadFieldName, uploadMaxBytes, uploadReplySchema } from '@fairex/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { errorReplyBody } from '../../platform/http/api-envelope';
import { AppError, platformErrors } from '../../platform/http/app-error';
import { ok } from '../../platform/http/reply';
import { policies } from '../../platform/http/route-policy';
import type { FileStorage } from '../../platform/storage/file-storage';
import { recordAudit, staffActorOf } from '../audit';
import type { FileVisibility } from './upload.domain';
import { uploadError } from './upload.errors';
import { createUploadService } from './upload.service';

/** What the upload routes need from the app; AppDeps satisfies it. */
export type UploadModuleDeps = {
  readonly db: Database;
  readonly storage: FileStorage;
  readonly clock: Clock;
};

const langFieldName = 'lang';
/** Boundaries and part headers around one file and a lang field stay well below this. */
const multipartOverheadMaxBytes = 16 * 1024;
const uploadRequestMaxBytes = uploadMaxBytes + multipartOverheadMaxBytes;

/** One file and at most a `lang` field; anything more is refused by the parser itself. */
const multipartLimits = {
  files: 1,
  fileSize: uploadMaxBytes,
  fields: 1,
  parts: 2,
  fieldNameSize: 16,
  fieldSize: 16,
  headerPairs: 8,
};

/** Stored names are random and never reused, so public files may be cached for a year. */
const publicFileCacheControl = 'public, max-age=31536000, immutable';
/** ID photos and vouchers must not linger in shared or browser caches. */
const privateFileCacheControl = 'private, no-store';

function cacheControlFor(visibility: FileVisibility): string {
  return visibility === 'public' ? publicFileCacheControl : privateFileCacheControl;
}

function serviceFor(deps: UploadModuleDeps) {
  return createUploadService({ db: deps.db, storage: deps.storage, clock: deps.clock });
}

/** A declared length over the limit is refused before a byte of the body is read. */
function refuseDeclaredOversize(request: FastifyRequest): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > uploadRequestMaxBytes) throw uploadError('fileTooLarge');
}

function multipartRefusal(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadError('fileTooLarge');
  // Too many parts, files or fields, a body that is not multipart, a malformed or truncated one.
  return platformErrors.parameterError();
}

/** Reads the one `file` part into memory (bounded by fileSize) and applies a multipart `lang`. */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === uploadFieldName) {
        file = await part.toBuffer();
      } else if (part.type === 'field' && part.fieldname === langFieldName) {
        if (isLocale(part.value)) request.locale = part.value;
      } else {
        throw platformErrors.parameterError();
      }
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  if (!file || file.length === 0) throw platformErrors.parameterError();
  return file;
}

/** The OpenAPI description both upload routes share: multipart in, the stored path out. */
function uploadSchema(text: { summary: string; description: string; tag: string }) {
  return {
    summary: text.summary,
    description: text.description,
    tags: [text.tag],
    consumes: ['multipart/form-data'],
    security: [{ session: [] }],
    response: { 200: apiReply(uploadReplySchema) },
  };
}

/** The file of an upload request, its size checked before and while it is read. */
function receiveImage(request: FastifyRequest): Promise<Buffer> {
  refuseDeclaredOversize(request);
  return readFilePart(request);
}

/** POST /api/upload: one image in field `file`, re-encoded and stored; replies its path. */
export function uploadRoutes(deps: UploadModuleDeps): FastifyPluginAsyncZod {
  return async (api) => {
    // Registered here, not app-wide, so only this route accepts multipart bodies.
    await api.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
    const service = serviceFor(deps);

    api.post(
      '/upload',
      {
        config: { policy: policies.user },
        schema: uploadSchema({
          summary: 'Upload an image (JPEG, PNG, WebP or GIF), multipart field `file`',
          description:
            'The image is re-encoded with all metadata removed. Replies the file path, ' +
            '`/uploads/<yyyy>/<mm>/<32 hex>.<ext>`.',
          tag: 'upload',
        }),
      },
      async (request) => {
        const bytes = await receiveImage(request);
        const principal = request.principal;
        if (principal?.kind !== 'user') throw platformErrors.sessionInvalid();
        return ok(await service.storeImage({ owner: { userId: principal.userId }, bytes }));
      },
    );

    api.post(
      '/admin/upload',
      {
        config: { policy: policies.staff('content') },
        schema: uploadSchema({
          summary:
            'Upload a public image for the site (banner, news, logo), multipart field `file`. Role: content.',
          description:
            'Checked and re-encoded like a user upload; the file is public and its upload is audited. ' +
            'Replies the path to put in a banner, article or the site logo.',
          tag: 'staff: content',
        }),
      },
      async (request) => {
        const bytes = await receiveImage(request);
        const actor = staffActorOf(request);
        const path = await service.storeImage({
          owner: { staffId: actor.staffId },
          bytes,
          record: async (tx, stored) => {
            await recordAudit(tx, {
              actor,
              action: 'upload.create',
              target: { type: 'upload', id: stored },
              before: null,
              after: { path: stored, size_bytes: bytes.length },
              at: deps.clock.now(),
            });
          },
        });
        return ok(path);
      },
    );
  };
}

/**
 * GET /uploads/*: serves stored files outside /api. The headers keep a browser from ever
 * treating a file as anything but the image it was stored as.
 */
export function uploadFileRoutes(deps: UploadModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const service = serviceFor(deps);

    app.get(
      '/uploads/*',
      {
        config: { policy: policies.public },
        schema: { hide: true, params: z.object({ '*': z.string() }) },
      },
      async (request, reply) => {
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.header('Content-Security-Policy', "default-src 'none'");
        const file = await service.readFile({ key: request.params['*'], reader: request.principal });
        if (!file) {
          // Missing, malformed and someone else's private file look the same from outside.
          return reply
            .code(404)
            .header('Cache-Control', 'no-store')
            .send(errorReplyBody(request.locale, 'errors.not_found', 'error'));
        }
        return reply
          .header('Content-Type', file.contentType)
          .header('Cache-Control', cacheControlFor(file.visibility))
          .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
      },
    );
  };
}
