import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /reset-password-confirm/:token: the new-password form (public spec, section 2). Filled by a later issue. */
export function ResetPasswordConfirmPage() {
  return <ScreenTitle>Reset Password</ScreenTitle>;
}
