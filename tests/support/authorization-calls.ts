import { createApiKey } from '#server/auth/api-key-store.ts';
import { enableLayoutShare } from '#server/documentation/layout-share-store.ts';
import { approvalCalls } from './authorization-calls-approvals.ts';
import { deliveryCalls } from './authorization-calls-deliveries.ts';
import { jobQueueCalls } from './authorization-calls-jobs.ts';
import { visitCalls } from './authorization-calls-visits.ts';
import type { Invocation } from './authorization-send.ts';
import type { Actor, AuthorizationWorld } from './authorization-world.ts';
import { managerWizard, TRIANGLE } from './authorization-world.ts';
import { type FormPart, multipart } from './multipart.ts';
import { png } from './test-images.ts';
import { companyInfo, PDF } from './vendor-applicant.ts';

/**
 * How the authorization matrix reaches each row of tests/api/authorization-matrix-table.ts: the
 * call (with a VALID body, so a refusal is about who asks, not what was sent) for one actor.
 * `changes`: the call changes the world, so it runs after every row that only reads; calls that
 * take the world's one chance (award, delete, approve...) build their own target per cell.
 */
export interface MatrixCall {
  changes?: boolean;
  call(w: AuthorizationWorld, actor: Actor): Invocation | Promise<Invocation>;
}

type Calls = Record<string, MatrixCall>;

const get = (url: string): MatrixCall => ({ call: () => ({ method: 'GET', url }) });
const read = (url: (w: AuthorizationWorld, actor: Actor) => string): MatrixCall => ({
  call: (w, actor) => ({ method: 'GET', url: url(w, actor) }),
});
const write = (call: MatrixCall['call']): MatrixCall => ({ changes: true, call });
/** The floor plan's share, turned on by its manager (the same token on every call). */
const layoutShareToken = async (w: AuthorizationWorld) =>
  (await enableLayoutShare(w.t.db, w.ids.layout, w.users.manager.id)).token!;

const image = (name: string, body: Buffer = png(40, 30)): FormPart => ({
  name,
  value: body,
  filename: `${name}.png`,
  type: 'image/png',
});
const form = (values: Record<string, string>, ...files: FormPart[]) =>
  multipart([...Object.entries(values).map(([name, value]) => ({ name, value })), ...files]);

const bidBody = (amount: number) => ({
  amount,
  estimated_time: 3,
  estimated_time_unit: 'hours',
  proposed_start_date: '2099-02-01T08:00:00.000Z',
  notes: 'Matrix bid',
});
/** One address per actor and call, so what one actor saves never collides with another's. */
const applicantEmail = (kind: string, actor: Actor) => `matrix-${kind}-${actor}@apply.example`;
const wizardStep = (actor: Actor, step: string) =>
  managerWizard(applicantEmail('manager', actor)).find(([name]) => name === step)![1];

const publicCalls: Calls = {
  'GET /api/health/': get('/api/health/'),
  'GET /api/health/ready': get('/api/health/ready'),
  'GET /api/get-csrf-token/': get('/api/get-csrf-token/'),
  'GET /api/users/auth-status/': get('/api/users/auth-status/'),
  'POST /api/users/login/ [another account, from a fresh session]': write((w) => ({
    method: 'POST',
    url: '/api/users/login/',
    json: { email: w.loginEmail, password: w.loginPassword },
    freshSession: true,
  })),
  'POST /api/users/logout/ [a fresh session]': write(() => ({
    method: 'POST',
    url: '/api/users/logout/',
    freshSession: true,
  })),
  'GET /api/users/validate-password-token/:token/ [a live reset token]': {
    call: async (w) => ({
      method: 'GET',
      url: `/api/users/validate-password-token/${await w.token('reset_password')}/`,
    }),
  },
  'POST /api/users/set-password/ [a fresh set-password token]': write(async (w) => ({
    method: 'POST',
    url: '/api/users/set-password/',
    json: { token: await w.token('set_password'), password: 'a-long-new-passphrase-42' },
  })),
  'POST /api/users/confirm-email/ [a fresh confirm-email token]': write(async (w) => ({
    method: 'POST',
    url: '/api/users/confirm-email/',
    json: { key: await w.token('confirm_email') },
  })),
  'POST /api/users/reset-password/': write((w) => ({
    method: 'POST',
    url: '/api/users/reset-password/',
    json: { email: w.users.category.email },
  })),
  'POST /api/users/reset-password-confirm/ [a fresh reset token]': write(async (w) => ({
    method: 'POST',
    url: '/api/users/reset-password-confirm/',
    json: { token: await w.token('reset_password'), password: 'another-long-passphrase-7' },
  })),
  'POST /users/resend-validation-email/': write((w) => ({
    method: 'POST',
    url: '/users/resend-validation-email/',
    json: { email: w.users.category.email },
  })),
  'POST /api/contact': write((_w, actor) => ({
    method: 'POST',
    url: '/api/contact',
    json: { name: 'Casey', email: `${actor}@contact.example`, phone: '3035550123', message: 'Hello there' },
  })),
  'POST /api/demo-requests/': write((_w, actor) => ({
    method: 'POST',
    url: '/api/demo-requests/',
    json: { email: `${actor}@demo.example`, company_name: 'Demo Buyers' },
  })),
  'POST /api/visit-requests/': write((_w, actor) => ({
    method: 'POST',
    url: '/api/visit-requests/',
    json: {
      name: 'Ruth Alvarez',
      // An address per actor: one address gets at most five confirmations a day.
      email: `${actor}@visit.example`,
      phone: '(303) 555-0142',
      company_name: 'Larimer Holdings',
      property_address: '1550 Larimer St, Denver, CO 80202',
      number_of_units: 48,
      preferred_date_1: '2099-03-02',
      preferred_time_1: 'morning',
      notes: '',
    },
  })),
  'GET /api/vendor-plans/': get('/api/vendor-plans/'),
  'GET /api/openapi.json': get('/api/openapi.json'),
  'GET /api/docs': get('/api/docs'),
  'GET /api/docs/static/index.html': get('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': get('/api/docs/static/swagger-initializer.js'),
  "GET /api/docs/static/* [Swagger UI's script]": get('/api/docs/static/swagger-ui-bundle.js'),
  'GET /api/docs/json': get('/api/docs/json'),
  'GET /api/docs/yaml': get('/api/docs/yaml'),
  'GET /static/panorama/demo.png': get('/static/panorama/demo.png'),
  'GET /static/js/interactive-viewer.js': get('/static/js/interactive-viewer.js'),
  'GET /static/js/interactive-viewer-init.js': get('/static/js/interactive-viewer-init.js'),
  'GET /static/css/interactive-viewer.css': get('/static/css/interactive-viewer.css'),
  'GET /static/* [a file the build does not have]': get('/static/js/other.js'),
  'GET /static': get('/static'),
};

const applicationCalls: Calls = Object.fromEntries([
  ...['save_building_info', 'save_admin_contact', 'save_company_info', 'submit'].map((step) => [
    `POST /api/property-manager-applications/${step}/ [the caller's own draft]`,
    write((_w, actor) => ({
      method: 'POST',
      url: `/api/property-manager-applications/${step}/`,
      json: wizardStep(actor, step),
    })),
  ]),
  [
    "GET /api/property-manager-applications/draft/ [the caller's own draft]",
    get('/api/property-manager-applications/draft/'),
  ],
  ["GET /api/vendor-applications/draft/ [the caller's own draft]", get('/api/vendor-applications/draft/')],
  [
    "GET /api/property-manager-applications/:id/success/ [another browser's application]",
    read((w) => `/api/property-manager-applications/${w.ids.managerApplication}/success/`),
  ],
  [
    "POST /api/vendor-applications/save_company_info/ [the caller's own draft]",
    write((_w, actor) => ({
      method: 'POST',
      url: '/api/vendor-applications/save_company_info/',
      json: { ...companyInfo(), email: applicantEmail('vendor', actor) },
    })),
  ],
  [
    "POST /api/vendor-applications/save_insurance_info/ [the caller's own draft]",
    write(() => ({
      method: 'POST',
      url: '/api/vendor-applications/save_insurance_info/',
      form: form(
        { insurance_expires_on: '2099-06-30' },
        { name: 'insurance_certificate', value: PDF, filename: 'cert.pdf', type: 'application/pdf' },
      ),
    })),
  ],
  [
    "POST /api/vendor-applications/submit/ [the caller's own draft]",
    write((w) => ({
      method: 'POST',
      url: '/api/vendor-applications/submit/',
      json: { plan_id: w.ids.monthlyPlan },
    })),
  ],
  ["GET /checkout/:id [another browser's open checkout]", read((w) => `/checkout/${w.ids.checkout}`)],
  [
    "POST /checkout/:id/pay [another browser's checkout, no form cookie]",
    write((w) => ({
      method: 'POST',
      url: `/checkout/${w.ids.checkout}/pay`,
      urlencoded: {
        card_number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
        card_name: 'Mallory',
        form_token: 'a-guess',
      },
    })),
  ],
  [
    "GET /stripe/vendor/subscription/return/:sessionId/ [another browser's unpaid checkout]",
    read((w) => `/stripe/vendor/subscription/return/${w.ids.checkout}/`),
  ],
  [
    "GET /stripe/vendor/subscription/success/:sessionId/:subscriptionId/ [another browser's checkout]",
    read((w) => `/stripe/vendor/subscription/success/${w.ids.checkout}/sub_local_guess/`),
  ],
  [
    'POST /stripe/webhook/ [no Stripe signature]',
    write(() => ({
      method: 'POST',
      url: '/stripe/webhook/',
      json: { id: 'evt_matrix', type: 'checkout.session.completed' },
      stripe: true,
    })),
  ],
]);

const accountCalls: Calls = {
  'GET /api/events/': { call: () => ({ method: 'GET', url: '/api/events/', stream: true }) },
  'GET /api/user-profile/': get('/api/user-profile/'),
  "PUT /api/user-profile/ [the caller's own profile, unchanged]": write((w, actor) => {
    const user = w.users[actor === 'visitor' ? 'category' : actor];
    return {
      method: 'PUT',
      url: '/api/user-profile/',
      json: {
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone_number: user.phoneNumber,
        job_title: user.jobTitle,
        email_notifications: user.emailNotifications,
        sms_notifications: user.smsNotifications,
      },
    };
  }),
  'GET /api/user/projects/': get('/api/user/projects/'),
  'GET /api/vendors/': get('/api/vendors/'),
  'GET /api/notifications/': get('/api/notifications/'),
  "POST /api/notifications/:id/mark-read/ [the category vendor's notification]": write((w) => ({
    method: 'POST',
    url: `/api/notifications/${w.ids.categoryNotification}/mark-read/`,
  })),
  'GET /api/vendor/api-keys/': get('/api/vendor/api-keys/'),
  "POST /api/vendor/api-keys/ [a new key of the caller's]": write(() => ({
    method: 'POST',
    url: '/api/vendor/api-keys/',
    json: { name: 'Matrix key' },
  })),
  "DELETE /api/vendor/api-keys/:id/ [a fresh key of the category vendor's]": write(async (w) => ({
    method: 'DELETE',
    url: `/api/vendor/api-keys/${(await createApiKey(w.t.db, w.users.category.id, 'Matrix key')).row.id}/`,
  })),
  'POST /api/notifications/mark-all-read/': write(() => ({
    method: 'POST',
    url: '/api/notifications/mark-all-read/',
  })),
  'GET /api/messages/conversations/': get('/api/messages/conversations/'),
  "GET /api/messages/ [open request, the category vendor's thread]": read(
    // A vendor's `vendor` is ignored (it reads its own thread); a manager names the thread's vendor.
    (w) => `/api/messages/?request=${w.ids.open}&vendor=${w.users.category.id}`,
  ),
  "POST /api/messages/read/ [open request, the category vendor's thread]": write((w) => ({
    method: 'POST',
    url: '/api/messages/read/',
    json: { request: w.ids.open, vendor: w.users.category.id },
  })),
  "POST /api/messages/ [open request, the category vendor's thread]": write((w, actor) => ({
    method: 'POST',
    url: '/api/messages/',
    json: { request: w.ids.open, vendor: w.users.category.id, content: `Matrix message from ${actor}` },
  })),
  "POST /api/messages/ [open request, the category vendor's thread, with a photo]": write((w, actor) => ({
    method: 'POST',
    url: '/api/messages/',
    form: form(
      {
        request: String(w.ids.open),
        vendor: String(w.users.category.id),
        content: `Matrix photo from ${actor}`,
      },
      image('photos'),
    ),
  })),
};

const requestCalls: Calls = {
  'POST /api/requests/ [a request on Acme Tower]': write((w) => ({
    method: 'POST',
    url: '/api/requests/',
    json: { type: 'Plumbing', description: 'Matrix report', project_id: w.ids.project },
  })),
  'GET /api/requests/:id/ [open, two pending bids]': read((w) => `/api/requests/${w.ids.open}/`),
  'GET /api/requests/:id/ [awarded and marked complete]': read((w) => `/api/requests/${w.ids.done}/`),
  'POST /api/requests/:id/bid/ [open, no bids yet]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${await w.fresh.bareRequest()}/bid/`,
    json: bidBody(610),
  })),
  "PUT /api/requests/:id/bid/ [open, the caller's pending bid]": write(async (w) => ({
    method: 'PUT',
    url: `/api/requests/${(await w.fresh.openRequest()).id}/bid/`,
    json: bidBody(620),
  })),
  "GET /api/bids/:id/ [the category vendor's pending bid]": read(
    (w) => `/api/bids/${w.ids.categoryOpenBid}/`,
  ),
  "GET /api/bids/:id/history/ [the category vendor's pending bid]": read(
    (w) => `/api/bids/${w.ids.categoryOpenBid}/history/`,
  ),
  "POST /api/bids/:id/withdraw/ [the category vendor's pending bid]": write(async (w) => ({
    method: 'POST',
    url: `/api/bids/${(await w.fresh.openRequest()).categoryBid}/withdraw/`,
  })),
  "POST /api/requests/:id/award/ [open, the category vendor's bid]": write(async (w) => {
    const request = await w.fresh.openRequest();
    return {
      method: 'POST',
      url: `/api/requests/${request.id}/award/`,
      json: { bid_id: request.categoryBid },
    };
  }),
  'POST /api/requests/:id/bidding/ [open, close bidding]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${(await w.fresh.openRequest()).id}/bidding/`,
    json: { is_open_for_bids: false },
  })),
  'POST /api/requests/:id/cancel/ [open]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${(await w.fresh.openRequest()).id}/cancel/`,
    json: { reason: 'Tenant fixed it' },
  })),
  'POST /api/requests/:id/invitations/ [open, invite the other vendor]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${(await w.fresh.openRequest()).id}/invitations/`,
    json: { vendors: [w.users.other.id] },
  })),
  "POST /api/requests/:id/open/ [a vendor's report held for the managers]": write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${await w.fresh.heldRequest()}/open/`,
    json: { invite_all: true },
  })),
  'POST /api/requests/:id/complete/ [awarded, in progress]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${await w.fresh.awardedRequest(false)}/complete/`,
    form: form({ note: 'Fixed' }),
  })),
  'POST /api/requests/:id/confirm/ [marked complete]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${await w.fresh.awardedRequest(true)}/confirm/`,
    json: { note: 'Looks good' },
  })),
  'POST /api/requests/:id/send-back/ [marked complete]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${await w.fresh.awardedRequest(true)}/send-back/`,
    json: { note: 'Still dripping' },
  })),
  'POST /api/requests/:id/reopen/ [cancelled before an award]': write(async (w) => ({
    method: 'POST',
    url: `/api/requests/${await w.fresh.cancelledRequest()}/reopen/`,
    json: {},
  })),
  'GET /api/vendor/jobs/': get('/api/vendor/jobs/?page_size=100'),
  'GET /api/vendor/jobs/nearby/ [a shared position]': get(
    '/api/vendor/jobs/nearby/?latitude=39.7392&longitude=-104.9903',
  ),
  'GET /api/vendor/visits/today/': get('/api/vendor/visits/today/'),
  'GET /api/map-settings/': get('/api/map-settings/'),
  'GET /api/vendor/business-location/': get('/api/vendor/business-location/'),
  "PUT /api/vendor/business-location/ [the caller's own]": write(() => ({
    method: 'PUT',
    url: '/api/vendor/business-location/',
    json: { latitude: 39.7818, longitude: -104.9609 },
  })),
  'GET /api/vendor/bids/': get('/api/vendor/bids/?page_size=100'),
  'GET /api/vendor/dashboard/': get('/api/vendor/dashboard/'),
  'GET /api/vendor/insurance/': get('/api/vendor/insurance/'),
  'POST /api/vendor/insurance/ [a new certificate]': write((_w, actor) => ({
    method: 'POST',
    url: '/api/vendor/insurance/',
    form: form(
      { insurance_expires_on: '2099-12-31' },
      {
        name: 'insurance_certificate',
        value: Buffer.from(`%PDF-1.7\n% renewed by ${actor}\n`),
        filename: 'renewed.pdf',
        type: 'application/pdf',
      },
    ),
  })),
  "GET /api/vendor/insurance/certificate/ [the caller's own certificate]": get(
    '/api/vendor/insurance/certificate/',
  ),
};

const propertyCalls: Calls = {
  'GET /api/property-manager/dashboard/': get('/api/property-manager/dashboard/'),
  'GET /api/property-manager/maintenance-requests/': get(
    '/api/property-manager/maintenance-requests/?page_size=100',
  ),
  'GET /api/property-manager/team/': get('/api/property-manager/team/'),
  'GET /api/property-manager/work-queue/': get('/api/property-manager/work-queue/'),
  'GET /api/clients/:clientId/projects/ [Acme]': read((w) => `/api/clients/${w.ids.client}/projects/`),
  'GET /api/projects/:id/units/ [Acme Tower]': read((w) => `/api/projects/${w.ids.project}/units/`),
  'GET /api/projects/:id/history/ [Acme Tower]': read((w) => `/api/projects/${w.ids.project}/history/`),
  'GET /api/projects/:id/history.csv [Acme Tower]': read((w) => `/api/projects/${w.ids.project}/history.csv`),
  'GET /api/projects/:id/documentation/ [Acme Tower]': read(
    (w) => `/api/projects/${w.ids.project}/documentation/`,
  ),
  'POST /api/projects/:id/layouts/ [Acme Tower]': write((w) => ({
    method: 'POST',
    url: `/api/projects/${w.ids.project}/layouts/`,
    form: form({ name: 'Matrix floor' }, image('image')),
  })),
  'PATCH /api/layouts/:layoutId/ [rename the floor plan]': write((w) => ({
    method: 'PATCH',
    url: `/api/layouts/${w.ids.layout}/`,
    json: { name: 'Ground floor' },
  })),
  'DELETE /api/layouts/:layoutId/ [a spare floor plan]': write(async (w) => ({
    method: 'DELETE',
    url: `/api/layouts/${await w.fresh.layout()}/`,
  })),
  'POST /api/layouts/:layoutId/polygons/ [the floor plan]': write((w) => ({
    method: 'POST',
    url: `/api/layouts/${w.ids.layout}/polygons/`,
    json: { name: 'Matrix', points: TRIANGLE },
  })),
  'DELETE /api/layouts/:layoutId/polygons/:polygonId/ [a spare polygon]': write(async (w) => ({
    method: 'DELETE',
    url: `/api/layouts/${w.ids.layout}/polygons/${await w.fresh.polygon()}/`,
  })),
  'GET /api/layouts/:layoutId/share/ [the floor plan]': read((w) => `/api/layouts/${w.ids.layout}/share/`),
  'PUT /api/layouts/:layoutId/share/ [the floor plan]': write((w) => ({
    method: 'PUT',
    url: `/api/layouts/${w.ids.layout}/share/`,
  })),
  'DELETE /api/layouts/:layoutId/share/ [a spare floor plan, shared]': write(async (w) => {
    const layoutId = await w.fresh.layout();
    await enableLayoutShare(w.t.db, layoutId, w.users.manager.id);
    return { method: 'DELETE', url: `/api/layouts/${layoutId}/share/` };
  }),
  "GET /api/shared-layouts/:token/ [the floor plan's share]": {
    call: async (w) => ({ method: 'GET', url: `/api/shared-layouts/${await layoutShareToken(w)}/` }),
  },
  "GET /api/shared-layouts/:token/image [the floor plan's share]": {
    call: async (w) => ({ method: 'GET', url: `/api/shared-layouts/${await layoutShareToken(w)}/image` }),
  },
  'POST /api/projects/:id/photos/ [Acme Tower]': write((w) => ({
    method: 'POST',
    url: `/api/projects/${w.ids.project}/photos/`,
    form: form({ kind: 'drone', caption: 'Roof' }, image('image')),
  })),
  'DELETE /api/photos/:photoId/ [a spare photo]': write(async (w) => ({
    method: 'DELETE',
    url: `/api/photos/${await w.fresh.photo()}/`,
  })),
  'POST /api/photos/:photoId/hotspots/ [the 360-degree photo]': write((w) => ({
    method: 'POST',
    url: `/api/photos/${w.ids.photo360}/hotspots/`,
    form: form({ pitch: '5', yaw: '-20', caption: 'Matrix close-up' }, image('image', png(8, 8))),
  })),
  "PATCH /api/hotspots/:hotspotId/ [the close-up's caption]": write((w) => ({
    method: 'PATCH',
    url: `/api/hotspots/${w.ids.hotspot}/`,
    json: { caption: 'Valve' },
  })),
  'DELETE /api/hotspots/:hotspotId/ [a spare close-up]': write(async (w) => ({
    method: 'DELETE',
    url: `/api/hotspots/${await w.fresh.hotspot()}/`,
  })),
  'GET /api/files/* [a photo of the open request]': read((w) => `/api/files/${w.keys.requestPhoto}`),
  'GET /api/files/* [the completion photo]': read((w) => `/api/files/${w.keys.completionPhoto}`),
  "GET /api/files/* [a photo in the category vendor's thread]": read(
    (w) => `/api/files/${w.keys.messagePhoto}`,
  ),
  "GET /api/files/* [the category vendor's certificate]": read(
    (w) => `/api/files/${w.keys.certificate.category}`,
  ),
  "GET /api/files/* [the property's floor plan]": read((w) => `/api/files/${w.keys.layout}`),
};

/** A unit number per actor: adding a number already there answers 200 instead of 201. */
const ACTOR_UNIT: Record<Actor, string> = {
  visitor: '901',
  category: '902',
  other: '903',
  reporter: '904',
  awarded: '905',
  manager: '906',
  outsider: '907',
  staff: '908',
  super: '909',
};

/** Deactivate, reactivate and reset-link calls on a spare staff or superuser account. */
function staffAccountCalls(target: string, role: 'staff' | 'superuser'): Calls {
  const on = (action: string, active: boolean): MatrixCall =>
    write(async (w) => ({
      method: 'POST',
      url: `/api/admin/users/${await w.fresh.user(active, role)}/${action}/`,
      json: {},
    }));
  return {
    [`POST /api/admin/users/:id/deactivate/ [${target}]`]: on('deactivate', true),
    [`POST /api/admin/users/:id/reactivate/ [${target}, deactivated]`]: on('reactivate', false),
    [`POST /api/admin/users/:id/send-password-reset/ [${target}]`]: on('send-password-reset', true),
  };
}

const adminCalls: Calls = {
  'GET /api/admin/applications/managers/': get('/api/admin/applications/managers/'),
  'GET /api/admin/applications/managers/:id/ [a submitted application]': read(
    (w) => `/api/admin/applications/managers/${w.ids.managerApplication}/`,
  ),
  'GET /api/admin/applications/vendors/': get('/api/admin/applications/vendors/'),
  'GET /api/admin/applications/vendors/:id/ [an application waiting for payment]': read(
    (w) => `/api/admin/applications/vendors/${w.ids.vendorApplication}/`,
  ),
  ...Object.fromEntries(
    (['managers', 'vendors'] as const).flatMap((kind) =>
      (['approve', 'reject'] as const).map((decision) => [
        `POST /api/admin/applications/${kind}/:id/${decision}/ [a ${kind === 'managers' ? 'submitted' : 'paid'} application]`,
        write(async (w) => ({
          method: 'POST',
          url: `/api/admin/applications/${kind}/${await w.fresh.application(kind)}/${decision}/`,
          json: decision === 'reject' ? { reason: 'Not a property company' } : {},
        })),
      ]),
    ),
  ),
  'GET /api/admin/clients/': get('/api/admin/clients/'),
  'GET /api/admin/clients/:id/ [Acme]': read((w) => `/api/admin/clients/${w.ids.client}/`),
  'POST /api/admin/clients/:id/projects/ [Birch]': write((w, actor) => ({
    method: 'POST',
    url: `/api/admin/clients/${w.ids.otherClient}/projects/`,
    json: { name: `Birch Wing ${actor}`, address: '9 Birch St' },
  })),
  'PUT /api/admin/projects/:id/ [a spare property]': write((w) => ({
    method: 'PUT',
    url: `/api/admin/projects/${w.ids.spareProject}/`,
    json: { name: 'Birch Annex', address: '11 Birch St', is_active: true },
  })),
  'POST /api/admin/projects/:id/thumbnail/ [a spare property]': write((w) => ({
    method: 'POST',
    url: `/api/admin/projects/${w.ids.spareProject}/thumbnail/`,
    form: form({}, image('thumbnail')),
  })),
  'GET /api/admin/projects/:id/units/ [Acme Tower]': read(
    (w) => `/api/admin/projects/${w.ids.project}/units/`,
  ),
  'POST /api/admin/projects/:id/units/ [Acme Tower, a new unit number]': write((w, actor) => ({
    method: 'POST',
    url: `/api/admin/projects/${w.ids.project}/units/`,
    json: { numbers: ACTOR_UNIT[actor] },
  })),
  'DELETE /api/admin/units/:id/ [a spare unit]': write(async (w) => ({
    method: 'DELETE',
    url: `/api/admin/units/${await w.fresh.unit()}/`,
  })),
  'GET /api/admin/contact-messages/': get('/api/admin/contact-messages/'),
  'POST /api/admin/contact-messages/:id/handle/ [an open message]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/contact-messages/${await w.fresh.inboxItem('contact-messages', false)}/handle/`,
    json: {},
  })),
  'POST /api/admin/contact-messages/:id/reopen/ [a handled message]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/contact-messages/${await w.fresh.inboxItem('contact-messages', true)}/reopen/`,
    json: {},
  })),
  'GET /api/admin/demo-requests/': get('/api/admin/demo-requests/'),
  'POST /api/admin/demo-requests/:id/handle/ [an open demo request]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/demo-requests/${await w.fresh.inboxItem('demo-requests', false)}/handle/`,
    json: { status: 'approved' },
  })),
  'POST /api/admin/demo-requests/:id/reopen/ [a handled demo request]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/demo-requests/${await w.fresh.inboxItem('demo-requests', true)}/reopen/`,
    json: {},
  })),
  'GET /api/admin/visit-requests/': get('/api/admin/visit-requests/'),
  'POST /api/admin/visit-requests/:id/handle/ [an open visit request]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/visit-requests/${await w.fresh.inboxItem('visit-requests', false)}/handle/`,
    json: {},
  })),
  'POST /api/admin/visit-requests/:id/reopen/ [a handled visit request]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/visit-requests/${await w.fresh.inboxItem('visit-requests', true)}/reopen/`,
    json: {},
  })),
  'GET /api/admin/inbox/counts/': get('/api/admin/inbox/counts/'),
  'GET /api/admin/mail/': get('/api/admin/mail/'),
  'GET /api/admin/plans/': get('/api/admin/plans/'),
  'POST /api/admin/plans/': write((_w, actor) => ({
    method: 'POST',
    url: '/api/admin/plans/',
    json: { name: `Matrix ${actor}`, price: 49, frequency: 'monthly', description: '', is_active: false },
  })),
  'PUT /api/admin/plans/:id/ [a plan nobody uses]': write((w) => ({
    method: 'PUT',
    url: `/api/admin/plans/${w.ids.plan}/`,
    json: { name: 'Matrix plan', price: 12, frequency: 'monthly', description: '', is_active: false },
  })),
  'DELETE /api/admin/plans/:id/ [a spare plan]': write(async (w) => ({
    method: 'DELETE',
    url: `/api/admin/plans/${await w.fresh.plan()}/`,
  })),
  'GET /api/admin/users/': get('/api/admin/users/'),
  'GET /api/admin/users/:id/ [a user who is none of the actors]': read(
    (w) => `/api/admin/users/${w.ids.bystander}/`,
  ),
  'POST /api/admin/users/:id/deactivate/ [a spare active user]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/users/${await w.fresh.user(true)}/deactivate/`,
    json: {},
  })),
  'POST /api/admin/users/:id/reactivate/ [a spare deactivated user]': write(async (w) => ({
    method: 'POST',
    url: `/api/admin/users/${await w.fresh.user(false)}/reactivate/`,
    json: {},
  })),
  'POST /api/admin/users/:id/send-password-reset/ [a user who is none of the actors]': write((w) => ({
    method: 'POST',
    url: `/api/admin/users/${w.ids.bystander}/send-password-reset/`,
    json: {},
  })),
  // Staff accounts are a superuser's to act on: spare ones, so no call disables an actor.
  ...staffAccountCalls('a staff account', 'staff'),
  ...staffAccountCalls('a superuser account', 'superuser'),
  'GET /api/admin/audit-log/': get('/api/admin/audit-log/'),
};

export const MATRIX_CALLS: Calls = {
  ...publicCalls,
  ...applicationCalls,
  ...accountCalls,
  ...requestCalls,
  ...propertyCalls,
  ...adminCalls,
  ...deliveryCalls,
  ...jobQueueCalls,
  ...visitCalls,
  ...approvalCalls,
};
