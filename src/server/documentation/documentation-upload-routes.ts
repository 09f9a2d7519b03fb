import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hotspotUpdateSchema,
  hotspotUploadSchema,
  LAYOUT_PIXEL_LIMIT,
  layoutUpdateSchema,
  layoutUploadSchema,
  MAX_DOCUMENTATION_PHOTO_BYTES,
  MAX_LAYOUT_BYTES,
  DOCUMENTATION_UPLOAD_MESSAGES as MESSAGES,
  NOT_A_360_PHOTO,
  photoUploadSchema,
} from '#shared/documentation-uploads.ts';
import { PANORAMA_PIXEL_LIMIT, PHOTO_PIXEL_LIMIT } from '#shared/image-limits.ts';
import { HttpError, parseInput } from '../http/http-error.ts';
import { propertyError, requireSignedIn } from '../projects/project-access.ts';
import { isWithinPixelLimit } from '../storage/image-size.ts';
import {
  fieldsAsPayload,
  type PhotoLimits,
  readPhotoUpload,
  type UploadedPhoto,
} from '../storage/photo-upload.ts';
import {
  findHotspot,
  findLayout,
  findPhoto,
  requireDocumentationEditor,
  requireDocumentationWriter,
} from './documentation-access.ts';
import {
  deleteHotspot,
  deleteLayout,
  deletePhoto,
  insertHotspot,
  insertLayout,
  insertPhoto,
  photoPlaceProblem,
  updateHotspot,
  updateLayout,
} from './documentation-writes.ts';
import { loadLayoutView, loadPhotoView } from './project-documentation.ts';

const invalid = (field: string, message: string) => new HttpError(400, { errors: { [field]: [message] } });

type ImageKind = Pick<PhotoLimits, 'pixels' | 'messages'>;
const COMMON = { type: MESSAGES.type, count: MESSAGES.count };
/** Layouts keep their one message for an unreadable or oversized plan. */
const LAYOUT: ImageKind = {
  pixels: LAYOUT_PIXEL_LIMIT,
  messages: {
    ...COMMON,
    size: MESSAGES.layoutSize,
    pixels: MESSAGES.dimensions,
    unreadable: MESSAGES.dimensions,
  },
};
const CLOSE_UP: ImageKind = {
  pixels: PHOTO_PIXEL_LIMIT,
  messages: { ...COMMON, size: MESSAGES.photoSize, pixels: MESSAGES.photoPixels },
};
// A 360-degree photo may be larger, and whether it is one is a field that may follow the file: the
// upload is read against the 360 limit, and a flat photo checked against the photo limit after.
const DOCUMENTATION_PHOTO: ImageKind = {
  pixels: PANORAMA_PIXEL_LIMIT,
  messages: { ...COMMON, size: MESSAGES.photoSize, pixels: MESSAGES.panoramaPixels },
};

/** The one image of an upload, checked by its bytes and its header's size; the fields as a payload. */
async function readImageUpload(app: FastifyInstance, request: FastifyRequest, kind: ImageKind) {
  if (!request.isMultipart()) throw invalid('image', MESSAGES.required);
  const upload = await readPhotoUpload(app, request, { field: 'image', maxFiles: 1, ...kind });
  const image: UploadedPhoto | undefined = upload.photos[0];
  return { image, payload: fieldsAsPayload(upload.fields, []) };
}

/**
 * Adding and removing a property's documentation (contract in src/shared/documentation-uploads.ts),
 * for the client's managers and staff. Checks answer 401, 404, 403 before the upload is read, then 400.
 */
export async function documentationUploadRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: one file per upload (a second one is let through to get its own message).
  await app.register(fastifyMultipart, {
    limits: { fileSize: Math.max(MAX_LAYOUT_BYTES, MAX_DOCUMENTATION_PHOTO_BYTES), files: 2, fields: 20 },
  });

  app.post<{ Params: { id: string } }>('/api/projects/:id/layouts/', async (request, reply) => {
    const { project } = await requireDocumentationWriter(app.db, request);
    const { image, payload } = await readImageUpload(app, request, LAYOUT);
    const input = parseInput(layoutUploadSchema, payload);
    if (!image) throw invalid('image', MESSAGES.required);
    if (image.body.length > MAX_LAYOUT_BYTES) throw invalid('image', MESSAGES.layoutSize);
    const id = await insertLayout(
      app,
      project.id,
      {
        name: input.name,
        feetPerPixel: input.feet_per_pixel ?? null,
        widthPx: image.width,
        heightPx: image.height,
      },
      image,
    );
    return reply.status(201).send(await loadLayoutView(app.db, id));
  });

  app.patch<{ Params: { layoutId: string } }>('/api/layouts/:layoutId/', async (request) => {
    const user = requireSignedIn(request);
    const layout = await findLayout(app.db, request.params.layoutId);
    requireDocumentationEditor(user, layout);
    await updateLayout(app.db, layout.id, parseInput(layoutUpdateSchema, request.body));
    return loadLayoutView(app.db, layout.id);
  });

  app.delete<{ Params: { layoutId: string } }>('/api/layouts/:layoutId/', async (request, reply) => {
    const user = requireSignedIn(request);
    const layout = await findLayout(app.db, request.params.layoutId);
    requireDocumentationEditor(user, layout);
    if (!(await deleteLayout(app, layout, user))) throw propertyError(404, 'Layout not found.');
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>('/api/projects/:id/photos/', async (request, reply) => {
    const { user, project } = await requireDocumentationWriter(app.db, request);
    const { image, payload } = await readImageUpload(app, request, DOCUMENTATION_PHOTO);
    const input = parseInput(photoUploadSchema, payload);
    if (!image) throw invalid('image', MESSAGES.required);
    if (!input.is_360 && !isWithinPixelLimit(image, PHOTO_PIXEL_LIMIT)) {
      throw new HttpError(400, { errors: { image: [MESSAGES.photoPixels] }, detail: MESSAGES.photoPixels });
    }
    const problem = await photoPlaceProblem(app.db, project.id, input);
    if (problem) throw new HttpError(400, { errors: problem });
    const id = await insertPhoto(app, project.id, input, image, user.id);
    return reply.status(201).send(await loadPhotoView(app.db, id));
  });

  app.delete<{ Params: { photoId: string } }>('/api/photos/:photoId/', async (request, reply) => {
    const user = requireSignedIn(request);
    const photo = await findPhoto(app.db, request.params.photoId);
    requireDocumentationEditor(user, photo);
    if (!(await deletePhoto(app, photo.id, user))) throw propertyError(404, 'Photo not found.');
    return reply.status(204).send();
  });

  app.post<{ Params: { photoId: string } }>('/api/photos/:photoId/hotspots/', async (request, reply) => {
    const user = requireSignedIn(request);
    const photo = await findPhoto(app.db, request.params.photoId);
    requireDocumentationEditor(user, photo);
    const { image, payload } = await readImageUpload(app, request, CLOSE_UP);
    const input = parseInput(hotspotUploadSchema, payload);
    if (!photo.is360)
      throw new HttpError(400, { detail: NOT_A_360_PHOTO, non_field_errors: [NOT_A_360_PHOTO] });
    if (!image) throw invalid('image', MESSAGES.required);
    return reply.status(201).send(await insertHotspot(app, photo, input, image, user.id));
  });

  app.patch<{ Params: { hotspotId: string } }>('/api/hotspots/:hotspotId/', async (request) => {
    const user = requireSignedIn(request);
    const hotspot = await findHotspot(app.db, request.params.hotspotId);
    requireDocumentationEditor(user, hotspot);
    const updated = await updateHotspot(app.db, hotspot.id, parseInput(hotspotUpdateSchema, request.body));
    if (!updated) throw propertyError(404, 'Close-up not found.');
    return updated;
  });

  app.delete<{ Params: { hotspotId: string } }>('/api/hotspots/:hotspotId/', async (request, reply) => {
    const user = requireSignedIn(request);
    const hotspot = await findHotspot(app.db, request.params.hotspotId);
    requireDocumentationEditor(user, hotspot);
    if (!(await deleteHotspot(app, hotspot, user))) throw propertyError(404, 'Close-up not found.');
    return reply.status(204).send();
  });
}
