import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /set-password/:token (public spec, section 2). Filled by a later issue. */
export function SetPasswordPage() {
  return <ScreenTitle>Set Your Password</ScreenTitle>;
}
