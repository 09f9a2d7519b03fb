import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import type { ContactMessageInput, DemoRequestInput } from '#shared/contact-schemas.ts';
import { type MessageAnswer, messageAnswerSchema } from '#shared/response-fields.ts';
import type { VisitRequestValues } from '#shared/visit-request-schemas.ts';

// The landing page's calls (public spec, section 7). The spec leaves the demo path out; the server
// serves it at /api/demo-requests/. Schedule a Visit (/schedule-visit) posts to /api/visit-requests/.

export function requestDemo(input: DemoRequestInput): Promise<MessageAnswer> {
  return apiRequest('/api/demo-requests/', {
    schema: messageAnswerSchema,
    method: 'POST',
    json: input,
    sendToken: false,
  });
}

/** The contact form goes as multipart form-data, as the prototype sent it (public spec, section 7). */
export function sendContactMessage(input: ContactMessageInput): Promise<MessageAnswer> {
  const formData = new FormData();
  for (const [field, value] of Object.entries(input)) formData.append(field, value);
  return apiRequest('/api/contact', {
    schema: messageAnswerSchema,
    method: 'POST',
    formData,
    sendToken: false,
  });
}

export function useDemoRequest() {
  return useMutation({ mutationFn: requestDemo });
}

export function useContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

export function requestVisit(input: VisitRequestValues): Promise<MessageAnswer> {
  return apiRequest('/api/visit-requests/', {
    schema: messageAnswerSchema,
    method: 'POST',
    json: input,
    sendToken: false,
  });
}

export function useVisitRequest() {
  return useMutation({ mutationFn: requestVisit });
}
