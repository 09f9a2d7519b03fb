import { FileInput, type FileInputProps, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useId } from 'react';

/** 'N file(s) selected' or 'No files selected' (signed-in spec, section 5). */
export function photoCountText(count: number): string {
  return count === 0 ? 'No files selected' : `${count} file(s) selected`;
}

/**
 * Several images at once (image/* only in the browser's picker; the server checks the content), with
 * the spec's count line under the input.
 */
export function PhotoPicker({
  label = 'Photos',
  value,
  onChange,
  error,
  disabled,
}: {
  label?: string;
  value: File[];
  onChange: (files: File[]) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}) {
  const countId = useId();
  return (
    <div>
      <FileInput
        label={label}
        placeholder="Choose images"
        multiple
        clearable
        accept="image/*"
        leftSection={<IconPhoto size={16} aria-hidden />}
        value={value}
        onChange={(files) => onChange(files ?? [])}
        error={error}
        disabled={disabled}
        aria-describedby={countId}
      />
      <Text id={countId} size="xs" c="dimmed" mt={4} aria-live="polite">
        {photoCountText(value.length)}
      </Text>
    </div>
  );
}

/**
 * One required image (image/* in the browser's picker; the server checks the content), for the
 * documentation dialogs. Takes the rest of FileInput's props, e.g. `form.getInputProps('image')`.
 */
export function ImageFileInput(props: Omit<FileInputProps<false>, 'multiple' | 'accept'>) {
  return (
    <FileInput
      placeholder="Choose an image"
      withAsterisk
      clearable
      leftSection={<IconPhoto size={16} aria-hidden />}
      {...props}
      accept="image/*"
    />
  );
}
