import { TextInput, type TextInputProps } from '@mantine/core';
import { z } from 'zod';
import { DOCUMENTATION_UPLOAD_MESSAGES, MAX_CAPTION } from '#shared/documentation-uploads.ts';

/** A photo's or close-up's caption as the server takes it: trimmed, at most MAX_CAPTION characters. */
export const captionSchema = z
  .string()
  .trim()
  .max(MAX_CAPTION, `Ensure this field has no more than ${MAX_CAPTION} characters.`);

/** An upload's image, required with the server's own message. */
export const requiredImageSchema = z.instanceof(File, { error: DOCUMENTATION_UPLOAD_MESSAGES.required });

/** The Caption field; `placeholder` says what the photo shows. */
export function CaptionInput(props: TextInputProps) {
  return <TextInput label="Caption" maxLength={MAX_CAPTION} {...props} />;
}
