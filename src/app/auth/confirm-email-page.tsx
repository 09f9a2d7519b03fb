import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /confirm-email?key=... (public spec, section 2). Filled by a later issue. */
export function ConfirmEmailPage() {
  return <ScreenTitle>Confirm Email</ScreenTitle>;
}
