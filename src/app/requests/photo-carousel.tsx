import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import classes from './photo-carousel.module.css';

/**
 * The request's photos at 16:9, each linking to the full-size image (signed-in spec, section 2).
 * Swipe or scroll on touch screens; Previous/Next buttons for mouse and keyboard.
 */
export function PhotoCarousel({ photos }: { photos: Array<{ id: number; url: string }> }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  if (photos.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No photos attached to this request
      </Text>
    );
  }

  const show = (next: number) => {
    const target = Math.max(0, Math.min(photos.length - 1, next));
    const element = track.current;
    if (element)
      element.scrollTo({ left: target * (element.scrollWidth / photos.length), behavior: 'smooth' });
    setIndex(target);
  };
  // Swiping moves the slide without the buttons: follow it so the counter and buttons stay right.
  const onScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    setIndex(Math.round(element.scrollLeft / (element.scrollWidth / photos.length)));
  };

  return (
    <section aria-roledescription="carousel" aria-label="Request photos">
      <div ref={track} className={classes.track} onScroll={onScroll}>
        {photos.map((photo, position) => (
          <figure
            key={photo.id}
            className={classes.slide}
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${photos.length}`}
          >
            <a
              href={photo.url}
              target="_blank"
              rel="noopener"
              aria-label={`Open photo ${position + 1} full size`}
            >
              <img
                src={photo.url}
                alt={`Attached to the request, ${position + 1} of ${photos.length}`}
                // The first photo is the detail's largest paint: fetched at once and
                // first; the others wait until they are scrolled to.
                loading={position === 0 ? 'eager' : 'lazy'}
                fetchPriority={position === 0 ? 'high' : 'auto'}
              />
            </a>
          </figure>
        ))}
      </div>
      {photos.length > 1 ? (
        <Group justify="space-between" mt="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous photo"
            disabled={index === 0}
            onClick={() => show(index - 1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" c="dimmed" aria-live="polite">
            {index + 1} / {photos.length}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next photo"
            disabled={index === photos.length - 1}
            onClick={() => show(index + 1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ) : null}
    </section>
  );
}
