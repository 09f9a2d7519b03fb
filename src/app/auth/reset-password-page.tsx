import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /reset-password: the reset request form (public spec, section 2). Filled by a later issue. */
export function ResetPasswordPage() {
  return <ScreenTitle>Reset Password</ScreenTitle>;
}
