/**
 * The public routes of both spec documents (section 2 of each), as router patterns: a module of its
 * own, so the landing page's first load takes these few paths without the rest of route-paths.ts.
 */
export const publicPaths = {
  landing: '/',
  signup: '/signup',
  login: '/login',
  resetPassword: '/reset-password',
  resetPasswordConfirm: '/reset-password-confirm/:token',
  managerApplication: '/property-manager-application',
  managerApplicationSuccess: '/property-manager-application/:id/success',
  vendorApplication: '/vendor-application',
  vendorApplicationSuccess: '/vendor-application/subscription/success/:sessionId/:subscriptionId',
  setPassword: '/set-password/:token',
  verificationSent: '/verification-sent',
  confirmEmail: '/confirm-email',
  panorama: '/panorama',
  // Linked from the landing page's footer; not in the spec's route list.
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  /** The landing hero's Schedule a Visit (public spec, section 2). */
  scheduleVisit: '/schedule-visit',
  /** The building owner's approval of an award above the limit, from a mailed link (no account). */
  ownerApproval: '/owner-approval/:token',
} as const;
