import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import { HttpError, notFound } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { EXTENSIONS } from '#server/storage/content-type.ts';
import { readPhotoUpload } from '#server/uploads/photo-upload.ts';
import {
  ADMIN_CLIENT_MESSAGES,
  adminProjectSchema,
  MAX_THUMBNAIL_BYTES,
  THUMBNAIL_MESSAGES,
  thumbnailFormSchema,
} from '#shared/admin-clients.ts';
import { PHOTO_PIXEL_LIMIT } from '#shared/image-limits.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { findProject, setProjectThumbnail } from './client-admin-store.ts';

const { propertyNotFound } = ADMIN_CLIENT_MESSAGES;

const fieldError = (status: number, message: string) =>
  new HttpError(status, { errors: { thumbnail: [message] }, detail: message });

/**
 * POST /api/admin/projects/{id}/thumbnail/ (multipart `thumbnail`): the property card's image. An
 * image by its bytes, at most 5 MB and 40 megapixels (PHOTO_PIXEL_LIMIT); the replaced file is
 * deleted once nothing refers to it.
 */
export async function projectThumbnailRoutes(app: FastifyInstance): Promise<void> {
  // Registered in this plugin only, so the limits apply to this route alone.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_THUMBNAIL_BYTES, files: 1, fields: 2 } });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const schema = {
    summary: "Replace a property's card image (multipart: the image)",
    params: idParamsSchema,
    formBody: thumbnailFormSchema,
    response: { ...errorResponses, 200: adminProjectSchema },
  };
  const options = {
    schema,
    preValidation: checkFirst(requireStaff),
    config: { notFound: { detail: propertyNotFound } },
  };
  api.post('/api/admin/projects/:id/thumbnail/', options, async (request) => {
    const staff = requireStaff(request);
    const { id } = request.params;
    if (!(await findProject(app.db, id))) throw notFound(propertyNotFound);
    if (!request.isMultipart()) throw fieldError(400, THUMBNAIL_MESSAGES.required);
    const upload = await readPhotoUpload(app, request, {
      field: 'thumbnail',
      maxFiles: 1,
      pixels: PHOTO_PIXEL_LIMIT,
      messages: {
        type: THUMBNAIL_MESSAGES.type,
        size: THUMBNAIL_MESSAGES.size,
        count: THUMBNAIL_MESSAGES.required,
      },
    });
    const image = upload.photos[0];
    if (!image) throw fieldError(400, THUMBNAIL_MESSAGES.required);
    const key = `project-thumbnails/project-${id}/${randomBytes(16).toString('hex')}.${EXTENSIONS[image.contentType]}`;
    await app.files.put(key, image.body, image.contentType);
    const saved = await setProjectThumbnail(app.db, id, key, staff);
    if (!saved) {
      await app.files.delete(key).catch(() => {});
      throw notFound(propertyNotFound);
    }
    if (saved.replaced && saved.replaced !== key) {
      await app.files.delete(saved.replaced).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not delete a replaced thumbnail');
      });
    }
    return saved.project;
  });
}
