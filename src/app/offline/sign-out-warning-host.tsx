import { lazy, Suspense } from 'react';
import { useSignOutQuestion } from './sign-out-question.ts';

const SignOutWarning = lazy(async () => ({
  default: (await import('./sign-out-warning.tsx')).SignOutWarning,
}));

/** Mounted once at the root; loads the dialog only when a sign-out meets waiting writes. */
export function SignOutWarningHost() {
  const question = useSignOutQuestion();
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <SignOutWarning question={question} />
    </Suspense>
  );
}
