import { Button, FileButton, Group, Image, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { isApiError } from '#app/lib/api-error.ts';
import { showToast } from '#app/ui/toast.ts';
import { type AdminProject, MAX_THUMBNAIL_BYTES, THUMBNAIL_MESSAGES } from '#shared/admin-clients.ts';
import { useUploadThumbnail } from './clients-api.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** The property card's image and its upload (the server decides the type by the file's bytes). */
export function PropertyThumbnail({ project }: { project: AdminProject }) {
  const upload = useUploadThumbnail(project.id);
  const choose = (file: File | null) => {
    if (!file) return;
    // The same bound as the server, so a huge photo is refused before it is sent.
    if (file.size > MAX_THUMBNAIL_BYTES) {
      showToast({ message: THUMBNAIL_MESSAGES.size, color: 'red' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => showToast({ message: `Thumbnail of ${project.name} saved.`, color: 'green' }),
      onError: (error) =>
        showToast({
          message:
            (isApiError(error) && (error.fieldErrors.thumbnail?.[0] ?? error.serverMessage)) ||
            'The thumbnail could not be uploaded.',
          color: 'red',
        }),
    });
  };

  return (
    <Group gap="sm" wrap="nowrap" mt="sm">
      {project.thumbnail ? (
        <Image
          src={project.thumbnail}
          alt={`${project.name} thumbnail`}
          w={72}
          h={48}
          radius="sm"
          fit="cover"
        />
      ) : (
        <Text size="xs" c="dimmed">
          No thumbnail provided
        </Text>
      )}
      <FileButton onChange={choose} accept={ACCEPT}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="subtle"
            leftSection={<IconPhotoUp size={14} aria-hidden />}
            loading={upload.isPending}
            aria-label={`Upload thumbnail for ${project.name}`}
          >
            {project.thumbnail ? 'Replace' : 'Upload'}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
