import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '#server/http/http-error.ts';
import { type PhotoUpload, readPhotoUpload, type UploadedPhoto } from '#server/uploads/photo-upload.ts';
import { PHOTO_PIXEL_LIMIT } from '#shared/image-limits.ts';
import {
  MAX_MESSAGE_PHOTOS,
  MESSAGE_PHOTO_MESSAGES,
  type MessageInput,
  messageInputSchema,
  messageQuerySchema,
  THREAD_BEFORE_PHOTOS,
} from '#shared/message-schemas.ts';
import type { ThreadAccess } from './message-thread.ts';

/** The thread a multipart message names, read from its text fields. */
export interface NamedThread {
  request: number;
  vendor: number | undefined;
}

export interface MessageUpload {
  access: ThreadAccess;
  input: MessageInput & { content: string };
  photos: UploadedPhoto[];
  /** What an Idempotency-Key is bound to: the fields and each photo's SHA-256. */
  canonical: PhotoUpload['canonical'];
}

function namedThread(fields: Record<string, string[]>): NamedThread {
  const thread = parseInput(messageQuerySchema, {
    request: fields.request?.[0],
    ...(fields.vendor?.[0] ? { vendor: fields.vendor[0] } : {}),
  });
  return { request: thread.request, vendor: thread.vendor };
}

/**
 * Reads POST /api/messages/ as multipart: `request` (and `vendor` when a manager writes) first, then
 * `content` and up to MAX_MESSAGE_PHOTOS `photos` (images by their bytes, at most 10 MB and 40
 * megapixels each). `access` decides who may write in the named thread (loadThreadAccess); it runs
 * when the first photo arrives, before a byte of it is read, so a caller outside the thread never
 * has a photo read, and once more at the end when no photo came.
 */
export async function readMessageUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  access: (thread: NamedThread) => Promise<ThreadAccess>,
): Promise<MessageUpload> {
  const checked: { access: ThreadAccess | null } = { access: null };
  const upload = await readPhotoUpload(app, request, {
    field: 'photos',
    maxFiles: MAX_MESSAGE_PHOTOS,
    pixels: PHOTO_PIXEL_LIMIT,
    messages: MESSAGE_PHOTO_MESSAGES,
    gate: {
      fields: ['request', 'vendor'],
      lateMessage: THREAD_BEFORE_PHOTOS,
      check: async (fields) => {
        checked.access = await access(namedThread(fields));
      },
    },
  });
  const thread = namedThread(upload.fields);
  const input = parseInput(messageInputSchema, {
    request: thread.request,
    content: upload.fields.content?.[0],
    ...(thread.vendor === undefined ? {} : { vendor: thread.vendor }),
  });
  return {
    access: checked.access ?? (await access(thread)),
    input,
    photos: upload.photos,
    canonical: upload.canonical,
  };
}
