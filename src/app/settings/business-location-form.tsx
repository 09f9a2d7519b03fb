import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { businessLocationInputSchema, PLACE_MESSAGES } from '#shared/places.ts';
import { useBusinessLocation, useSaveBusinessLocation } from './business-location-api.ts';
import { SaveBar } from './save-bar.tsx';

type Errors = { latitude?: string; longitude?: string };
const typed = (degrees: number | null) => (degrees === null ? '' : String(degrees));

/**
 * The vendor's business location: Available Jobs' "Near me" and the map measure from it when the
 * phone's position is not shared. Typed once, or taken from the phone's position with one tap.
 */
export function BusinessLocationForm() {
  const stored = useBusinessLocation();
  const save = useSaveBusinessLocation();
  const [values, setValues] = useState({ latitude: '', longitude: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const [positionProblem, setPositionProblem] = useState<string | null>(null);

  useEffect(() => {
    if (stored.data)
      setValues({ latitude: typed(stored.data.latitude), longitude: typed(stored.data.longitude) });
  }, [stored.data]);

  if (stored.isPending) return <CenteredLoader label="Loading your business location" />;
  if (stored.isError) return <ErrorAlert>Failed to load your business location.</ErrorAlert>;

  const change = (field: 'latitude' | 'longitude', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSaved(false);
  };

  const takeCurrentPosition = () => {
    setPositionProblem(null);
    if (!navigator.geolocation) {
      setPositionProblem('This browser cannot tell its position: type the coordinates instead.');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        // About 10 m: the business, not the desk.
        setValues({
          latitude: position.coords.latitude.toFixed(4),
          longitude: position.coords.longitude.toFixed(4),
        });
        setSaved(false);
      },
      () => setPositionProblem('Your position could not be read: type the coordinates instead.'),
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailed(false);
    const parsed = businessLocationInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'latitude' || field === 'longitude') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(values, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        const fields = isApiError(error) ? error.fieldErrors : {};
        const known = { latitude: fields.latitude?.[0], longitude: fields.longitude?.[0] };
        setErrors(known);
        if (!known.latitude && !known.longitude) setFailed(true);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={520}>
        <Text size="sm">
          Nearby jobs are measured from here when you do not share your phone's position. Leave both empty to
          remove it.
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label="Latitude"
            inputMode="decimal"
            placeholder="39.7392"
            value={values.latitude}
            error={errors.latitude}
            onChange={(event) => change('latitude', event.currentTarget.value)}
          />
          <TextInput
            label="Longitude"
            inputMode="decimal"
            placeholder="-104.9903"
            value={values.longitude}
            error={errors.longitude}
            onChange={(event) => change('longitude', event.currentTarget.value)}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {PLACE_MESSAGES.hint}
        </Text>
        <Group>
          <Button variant="default" onClick={takeCurrentPosition}>
            Use my current position
          </Button>
        </Group>
        {positionProblem ? <ErrorAlert>{positionProblem}</ErrorAlert> : null}
        <SaveBar saving={save.isPending} saved={saved} failed={failed} />
      </Stack>
    </form>
  );
}
