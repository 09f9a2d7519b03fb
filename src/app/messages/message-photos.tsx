import { UnstyledButton } from '@mantine/core';
import classes from './messages.module.css';

/** A photo to open full size, and the words that describe it. */
export interface OpenedPhoto {
  src: string;
  alt: string;
}

/**
 * A message's photos as thumbnails in the bubble, in the order sent; a tap or click opens one full
 * size (`onOpen`). `waiting`: photos still on this device, shown as they will be sent.
 */
export function MessagePhotos({
  photos,
  sender,
  onOpen,
  waiting = false,
}: {
  photos: ReadonlyArray<{ id: number; url: string }>;
  sender: string;
  onOpen?: ((photo: OpenedPhoto) => void) | undefined;
  waiting?: boolean;
}) {
  if (photos.length === 0) return null;
  return (
    <div className={classes.photos}>
      {photos.map((photo, index) => {
        const alt = `Photo ${index + 1} of ${photos.length} from ${sender}${waiting ? ' (waiting to send)' : ''}`;
        return onOpen ? (
          <UnstyledButton
            key={photo.id}
            className={classes.photoButton}
            aria-label={`Open photo ${index + 1} of ${photos.length} full size`}
            onClick={() => onOpen({ src: photo.url, alt })}
          >
            <img src={photo.url} alt={alt} loading="lazy" className={classes.photo} />
          </UnstyledButton>
        ) : (
          <span key={photo.id} className={classes.photoButton}>
            <img src={photo.url} alt={alt} loading="lazy" className={classes.photo} />
          </span>
        );
      })}
    </div>
  );
}
