import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { requireValidBody, requireValidParams } from '#server/http/deferred-input.ts';
import { HttpError, parseInput } from '#server/http/http-error.ts';
import { errorResponses, noContent } from '#server/http/route-schemas.ts';
import {
  findHotspot,
  findLayout,
  findPhoto,
  HOTSPOT_NOT_FOUND,
  LAYOUT_NOT_FOUND,
  PHOTO_NOT_FOUND,
  requireDocumentationEditor,
  requireDocumentationWriter,
} from '#server/request-core/documentation-access.ts';
import {
  PROPERTY_NOT_FOUND,
  propertyError,
  propertyNotFound,
  requireSignedIn,
} from '#server/request-core/project-access.ts';
import { isWithinPixelLimit } from '#server/storage/image-size.ts';
import {
  fieldsAsPayload,
  type PhotoLimits,
  readPhotoUpload,
  type UploadedPhoto,
} from '#server/uploads/photo-upload.ts';
import { documentationPhotoSchema, hotspotSchema, layoutSchema } from '#shared/documentation-responses.ts';
import {
  hotspotFormSchema,
  hotspotUpdateSchema,
  hotspotUploadSchema,
  LAYOUT_PIXEL_LIMIT,
  layoutFormSchema,
  layoutUpdateSchema,
  layoutUploadSchema,
  MAX_DOCUMENTATION_PHOTO_BYTES,
  MAX_LAYOUT_BYTES,
  DOCUMENTATION_UPLOAD_MESSAGES as MESSAGES,
  NOT_A_360_PHOTO,
  photoFormSchema,
  photoUploadSchema,
} from '#shared/documentation-uploads.ts';
import { PANORAMA_PIXEL_LIMIT, PHOTO_PIXEL_LIMIT } from '#shared/image-limits.ts';
import { idParamsSchema, recordIdParams } from '#shared/record-id.ts';
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
/**
 * Adding and removing a property's documentation (contract in src/shared/documentation-uploads.ts),
 * for the client's managers and staff. Checks answer 401, 404, 403 before the upload (or the JSON
 * body: attachValidation, src/server/http/deferred-input.ts) is read, then 400.
 */
export async function documentationUploadRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: one file per upload (a second one is let through to get its own message).
  await app.register(fastifyMultipart, {
    limits: { fileSize: Math.max(MAX_LAYOUT_BYTES, MAX_DOCUMENTATION_PHOTO_BYTES), files: 2, fields: 20 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedInFirst = checkFirst(requireSignedIn);
  /** 401 first, and a malformed id in the path as the record's own 404. */
  const guarded = (notFound: string) => ({
    preValidation: signedInFirst,
    config: { notFound: propertyNotFound(notFound) },
  });
  /** The same for a JSON write whose body is read only after the record checks. */
  const deferred = (notFound: string) => ({
    attachValidation: true,
    config: { notFound: propertyNotFound(notFound) },
  });
  /** The layout as written; deleted meanwhile by someone else, it is the layout's 404. */
  const layoutView = async (id: number) => {
    const view = await loadLayoutView(app.db, id);
    if (!view) throw propertyError(404, LAYOUT_NOT_FOUND);
    return view;
  };
  const layoutId = recordIdParams('layoutId');
  const photoId = recordIdParams('photoId');
  const hotspotId = recordIdParams('hotspotId');

  const addLayoutSchema = {
    summary: 'Add a layout (floor plan) to a property (multipart: the image, its name and scale)',
    params: idParamsSchema,
    formBody: layoutFormSchema,
    response: { ...errorResponses, 201: layoutSchema },
  };
  api.post(
    '/api/projects/:id/layouts/',
    { schema: addLayoutSchema, ...guarded(PROPERTY_NOT_FOUND) },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const { project } = await requireDocumentationWriter(app.db, user, request.params.id);
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
      return reply.status(201).send(await layoutView(id));
    },
  );

  const editLayoutSchema = {
    summary: 'Rename a layout or set its scale (feet per pixel)',
    params: layoutId,
    body: layoutUpdateSchema,
    response: { ...errorResponses, 200: layoutSchema },
  };
  api.patch(
    '/api/layouts/:layoutId/',
    { schema: editLayoutSchema, ...deferred(LAYOUT_NOT_FOUND) },
    async (request) => {
      const user = requireSignedIn(request);
      requireValidParams(request);
      const layout = await findLayout(app.db, request.params.layoutId);
      requireDocumentationEditor(user, layout);
      requireValidBody(request);
      await updateLayout(app.db, layout.id, request.body);
      return layoutView(layout.id);
    },
  );

  const deleteLayoutSchema = {
    summary: 'Delete a layout with its pins and polygons',
    params: layoutId,
    response: { ...errorResponses, 204: noContent },
  };
  api.delete(
    '/api/layouts/:layoutId/',
    { schema: deleteLayoutSchema, ...guarded(LAYOUT_NOT_FOUND) },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const layout = await findLayout(app.db, request.params.layoutId);
      requireDocumentationEditor(user, layout);
      if (!(await deleteLayout(app, layout, user))) throw propertyError(404, LAYOUT_NOT_FOUND);
      return reply.status(204).send();
    },
  );

  const addPhotoSchema = {
    summary:
      'Add an in-wall (pinned on a layout), drone or thermal photo (multipart: the image and its fields)',
    params: idParamsSchema,
    formBody: photoFormSchema,
    response: { ...errorResponses, 201: documentationPhotoSchema },
  };
  api.post(
    '/api/projects/:id/photos/',
    { schema: addPhotoSchema, ...guarded(PROPERTY_NOT_FOUND) },
    async (request, reply) => {
      const signedIn = requireSignedIn(request);
      const { user, project } = await requireDocumentationWriter(app.db, signedIn, request.params.id);
      const { image, payload } = await readImageUpload(app, request, DOCUMENTATION_PHOTO);
      const input = parseInput(photoUploadSchema, payload);
      if (!image) throw invalid('image', MESSAGES.required);
      if (!input.is_360 && !isWithinPixelLimit(image, PHOTO_PIXEL_LIMIT)) {
        throw new HttpError(400, { errors: { image: [MESSAGES.photoPixels] }, detail: MESSAGES.photoPixels });
      }
      const problem = await photoPlaceProblem(app.db, project.id, input);
      if (problem) throw new HttpError(400, { errors: problem });
      const id = await insertPhoto(app, project.id, input, image, user.id);
      const view = await loadPhotoView(app.db, id);
      // Deleted again between its insert and this read.
      if (!view) throw propertyError(404, PHOTO_NOT_FOUND);
      return reply.status(201).send(view);
    },
  );

  const deletePhotoSchema = {
    summary: 'Delete a documentation photo with its close-ups',
    params: photoId,
    response: { ...errorResponses, 204: noContent },
  };
  api.delete(
    '/api/photos/:photoId/',
    { schema: deletePhotoSchema, ...guarded(PHOTO_NOT_FOUND) },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const photo = await findPhoto(app.db, request.params.photoId);
      requireDocumentationEditor(user, photo);
      if (!(await deletePhoto(app, photo.id, user))) throw propertyError(404, PHOTO_NOT_FOUND);
      return reply.status(204).send();
    },
  );

  const addHotspotSchema = {
    summary: 'Place a close-up inside a 360-degree photo (multipart: the image, pitch, yaw, caption)',
    params: photoId,
    formBody: hotspotFormSchema,
    response: { ...errorResponses, 201: hotspotSchema },
  };
  api.post(
    '/api/photos/:photoId/hotspots/',
    { schema: addHotspotSchema, ...guarded(PHOTO_NOT_FOUND) },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const photo = await findPhoto(app.db, request.params.photoId);
      requireDocumentationEditor(user, photo);
      const { image, payload } = await readImageUpload(app, request, CLOSE_UP);
      const input = parseInput(hotspotUploadSchema, payload);
      if (!photo.is360)
        throw new HttpError(400, { detail: NOT_A_360_PHOTO, non_field_errors: [NOT_A_360_PHOTO] });
      if (!image) throw invalid('image', MESSAGES.required);
      return reply.status(201).send(await insertHotspot(app, photo, input, image, user.id));
    },
  );

  const editHotspotSchema = {
    summary: "Change a close-up's caption, or move it (pitch and yaw together)",
    params: hotspotId,
    body: hotspotUpdateSchema,
    response: { ...errorResponses, 200: hotspotSchema },
  };
  api.patch(
    '/api/hotspots/:hotspotId/',
    { schema: editHotspotSchema, ...deferred(HOTSPOT_NOT_FOUND) },
    async (request) => {
      const user = requireSignedIn(request);
      requireValidParams(request);
      const hotspot = await findHotspot(app.db, request.params.hotspotId);
      requireDocumentationEditor(user, hotspot);
      requireValidBody(request);
      const updated = await updateHotspot(app.db, hotspot.id, request.body);
      if (!updated) throw propertyError(404, HOTSPOT_NOT_FOUND);
      return updated;
    },
  );

  const deleteHotspotSchema = {
    summary: 'Delete a close-up',
    params: hotspotId,
    response: { ...errorResponses, 204: noContent },
  };
  api.delete(
    '/api/hotspots/:hotspotId/',
    { schema: deleteHotspotSchema, ...guarded(HOTSPOT_NOT_FOUND) },
    async (request, reply) => {
      const user = requireSignedIn(request);
      const hotspot = await findHotspot(app.db, request.params.hotspotId);
      requireDocumentationEditor(user, hotspot);
      if (!(await deleteHotspot(app, hotspot, user))) throw propertyError(404, HOTSPOT_NOT_FOUND);
      return reply.status(204).send();
    },
  );
}
