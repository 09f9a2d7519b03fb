import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /verification-sent (public spec, section 2). Filled by a later issue. */
export function VerificationSentPage() {
  return <ScreenTitle>Check Your Email</ScreenTitle>;
}
