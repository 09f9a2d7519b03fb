import { Notifications } from '@mantine/notifications';

/** One toast at a time, 5000 ms each (public spec, section 9). */
export function Toasts() {
  return <Notifications limit={1} autoClose={5000} position="bottom-right" />;
}
