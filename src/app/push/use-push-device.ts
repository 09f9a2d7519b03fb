import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '#app/lib/api-error.ts';
import { useAddPushDevice, usePushConfig, usePushDevices, useRemovePushDevice } from './api.ts';
import {
  currentPushEndpoint,
  PushSetupError,
  pushAvailability,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './push-device.ts';

export type PushDeviceState =
  | 'loading'
  /** This browser cannot receive push (no service worker or Push API). */
  | 'unsupported'
  /** The server has no VAPID keys. */
  | 'server-off'
  /** The user blocked notifications for the site. */
  | 'blocked'
  | 'off'
  | 'on';

/**
 * Whether this browser receives the user's push notifications, and the two actions. "On" means both
 * sides agree: the browser holds a subscription and the server stores its endpoint for this user.
 */
export function usePushDevice() {
  const config = usePushConfig();
  const devices = usePushDevices();
  const add = useAddPushDevice();
  const remove = useRemovePushDevice();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    currentPushEndpoint()
      .then((value) => live && setEndpoint(value))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, []);

  const availability = pushAvailability();
  const thisDevice = devices.data?.find((device) => device.endpoint === endpoint) ?? null;
  const state: PushDeviceState =
    availability === 'unsupported'
      ? 'unsupported'
      : config.isPending || devices.isPending || endpoint === undefined
        ? 'loading'
        : !config.data?.enabled
          ? 'server-off'
          : thisDevice
            ? 'on'
            : availability === 'blocked'
              ? 'blocked'
              : 'off';

  const turnOn = useCallback(async () => {
    const key = config.data?.vapid_public_key;
    if (!key) return false;
    setBusy(true);
    setError(null);
    try {
      const subscription = await subscribeThisBrowser(key);
      await add.mutateAsync(subscription);
      setEndpoint(subscription.endpoint);
      return true;
    } catch (caught) {
      setError(
        caught instanceof PushSetupError
          ? caught.message
          : isApiError(caught)
            ? caught.message
            : 'Could not turn on notifications on this device. Please try again.',
      );
      return false;
    } finally {
      setBusy(false);
    }
  }, [add, config.data]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      if (thisDevice) await remove.mutateAsync(thisDevice.id);
      await unsubscribeThisBrowser();
      setEndpoint(null);
    } catch {
      setError('Could not turn off notifications on this device. Please try again.');
    } finally {
      setBusy(false);
    }
  }, [remove, thisDevice]);

  return {
    state,
    busy,
    error,
    turnOn,
    turnOff,
    devices: devices.data ?? [],
    thisDeviceId: thisDevice?.id ?? null,
  };
}
