import { CloseButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './messages.module.css';

/** A file chosen for the next message, with an id of its own (the same file may be chosen twice). */
export interface ChosenPhoto {
  id: number;
  file: File;
}

/** Object URLs of the chosen files, revoked when the choice changes or the composer goes away. */
function usePreviewUrls(photos: readonly ChosenPhoto[]): Map<number, string> {
  const [urls, setUrls] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    const made = new Map(photos.map((photo) => [photo.id, URL.createObjectURL(photo.file)] as const));
    setUrls(made);
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [photos]);
  return urls;
}

/** The photos chosen for the next message, each with a button that takes it out again. */
export function ChosenPhotos({
  photos,
  onRemove,
}: {
  photos: readonly ChosenPhoto[];
  onRemove: (id: number) => void;
}) {
  const urls = usePreviewUrls(photos);
  if (photos.length === 0) return null;
  return (
    <ul className={classes.chosenList} aria-label="Photos to send">
      {photos.map((photo, index) => {
        const url = urls.get(photo.id);
        return (
          <li key={photo.id} className={classes.chosen}>
            {url ? (
              <img
                src={url}
                alt={`To send, ${index + 1} of ${photos.length}`}
                className={classes.chosenImage}
              />
            ) : null}
            <CloseButton
              size="md"
              radius="xl"
              className={classes.chosenRemove}
              aria-label={`Remove photo ${index + 1}`}
              onClick={() => onRemove(photo.id)}
            />
          </li>
        );
      })}
    </ul>
  );
}
