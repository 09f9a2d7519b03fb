import { ACTORS, type Actor } from '../support/authorization-world.ts';

/**
 * THE authorization matrix: every route of the server (method and path as declared), called as every
 * kind of actor (tests/support/authorization-world.ts, ACTOR_ROLES), and the one status each call
 * must answer. A route with several rows is called on several targets (the `target` column). Cells
 * follow the documented rules (docs/decisions/), not whatever the server answers today.
 *
 * To add a route: add its row here and its call in tests/support/authorization-calls.ts (same route
 * and target); if it reads something that belongs to someone, say what must stay hidden in
 * tests/support/authorization-checks.ts.
 */
export const MATRIX = `
route                                                             | target                                   | visitor | category | other | reporter | awarded | manager | outsider | staff | super
GET    /api/health/                                               |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/health/ready                                          |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/get-csrf-token/                                       |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/users/auth-status/                                    |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/users/login/                                          | another account, from a fresh session    | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/users/logout/                                         | a fresh session                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/users/validate-password-token/:token/                 | a live reset token                       | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/users/set-password/                                   | a fresh set-password token               | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/users/confirm-email/                                  | a fresh confirm-email token              | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/users/reset-password/                                 |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/users/reset-password-confirm/                         | a fresh reset token                      | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /users/resend-validation-email/                            |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/contact                                               |                                          | 201 | 201 | 201 | 201 | 201 | 201 | 201 | 201 | 201
POST   /api/demo-requests/                                        |                                          | 201 | 201 | 201 | 201 | 201 | 201 | 201 | 201 | 201
POST   /api/visit-requests/                                   |                                          | 201 | 201 | 201 | 201 | 201 | 201 | 201 | 201 | 201
GET    /api/vendor-plans/                                         |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/openapi.json                                          |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/docs                                                  |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/docs/static/index.html                                |                                          | 302 | 302 | 302 | 302 | 302 | 302 | 302 | 302 | 302
GET    /api/docs/static/swagger-initializer.js                    |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/docs/static/*                                         | Swagger UI's script                      | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/docs/json                                             |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/docs/yaml                                             |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /static/panorama/demo.png                                  |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /static/js/interactive-viewer.js                           |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /static/js/interactive-viewer-init.js                      |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /static/css/interactive-viewer.css                         |                                          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /static/*                                                  | a file the build does not have           | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404
GET    /static                                                    |                                          | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404
POST   /api/property-manager-applications/save_building_info/     | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/property-manager-applications/save_admin_contact/     | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/property-manager-applications/save_company_info/      | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/property-manager-applications/submit/                 | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/property-manager-applications/:id/success/            | another browser's application            | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404
GET    /api/property-manager-applications/draft/                  | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/vendor-applications/draft/                            | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/vendor-applications/save_company_info/                | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/vendor-applications/save_insurance_info/              | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/vendor-applications/submit/                           | the caller's own draft                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /checkout/:id                                              | another browser's open checkout          | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /checkout/:id/pay                                          | another browser's checkout, no form cookie | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 403
GET    /stripe/vendor/subscription/return/:sessionId/             | another browser's unpaid checkout        | 402 | 402 | 402 | 402 | 402 | 402 | 402 | 402 | 402
GET    /stripe/vendor/subscription/success/:sessionId/:subscriptionId/ | another browser's checkout          | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404 | 404
POST   /stripe/webhook/                                           | no Stripe signature                      | 400 | 400 | 400 | 400 | 400 | 400 | 400 | 400 | 400
GET    /api/events/                                               |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/user-profile/                                         |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
PUT    /api/user-profile/                                         | the caller's own profile, unchanged      | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/user/projects/                                        |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/vendors/                                              |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/vendor/api-keys/                                      |                                          | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 403 | 403
POST   /api/vendor/api-keys/                                      | a new key of the caller's                | 401 | 201 | 201 | 201 | 201 | 403 | 403 | 403 | 403
DELETE /api/vendor/api-keys/:id/                                  | a fresh key of the category vendor's     | 401 | 204 | 404 | 404 | 404 | 403 | 403 | 403 | 403
GET    /api/notifications/                                        |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/notifications/:id/mark-read/                          | the category vendor's notification       | 401 | 200 | 404 | 404 | 404 | 404 | 404 | 404 | 404
POST   /api/notifications/mark-all-read/                          |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/messages/conversations/                               |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/messages/                                             | open request, the category vendor's thread | 401 | 200 | 403 | 200 | 200 | 200 | 403 | 403 | 403
POST   /api/messages/                                             | open request, the category vendor's thread | 401 | 201 | 403 | 201 | 201 | 201 | 403 | 403 | 403
POST   /api/messages/                                             | open request, the category vendor's thread, with a photo | 401 | 201 | 403 | 201 | 201 | 201 | 403 | 403 | 403
POST   /api/messages/read/                                        | open request, the category vendor's thread | 401 | 200 | 403 | 200 | 200 | 200 | 403 | 403 | 403
POST   /api/requests/                                             | a request on Acme Tower                  | 401 | 403 | 403 | 201 | 201 | 201 | 403 | 201 | 201
GET    /api/requests/:id/                                         | open, two pending bids                   | 401 | 200 | 403 | 200 | 200 | 200 | 403 | 200 | 200
GET    /api/requests/:id/                                         | awarded and marked complete              | 401 | 200 | 403 | 200 | 200 | 200 | 403 | 200 | 200
POST   /api/requests/:id/bid/                                     | open, no bids yet                        | 401 | 201 | 403 | 403 | 201 | 403 | 403 | 403 | 403
PUT    /api/requests/:id/bid/                                     | open, the caller's pending bid           | 401 | 200 | 403 | 403 | 200 | 403 | 403 | 403 | 403
GET    /api/bids/:id/                                             | the category vendor's pending bid        | 401 | 200 | 404 | 404 | 404 | 200 | 404 | 200 | 200
GET    /api/bids/:id/history/                                     | the category vendor's pending bid        | 401 | 200 | 404 | 404 | 404 | 200 | 404 | 200 | 200
POST   /api/bids/:id/withdraw/                                    | the category vendor's pending bid        | 401 | 200 | 404 | 404 | 404 | 403 | 403 | 403 | 403
POST   /api/requests/:id/award/                                   | open, the category vendor's bid          | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/bidding/                                 | open, close bidding                      | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/cancel/                                  | open                                     | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/invitations/                             | open, invite the other vendor            | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/open/                                    | a vendor's report held for the managers  | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/complete/                                | awarded, in progress                     | 401 | 403 | 403 | 403 | 200 | 403 | 403 | 403 | 403
POST   /api/requests/:id/confirm/                                 | marked complete                          | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/send-back/                               | marked complete                          | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/reopen/                                  | cancelled before an award                | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/requests/:id/visits/                                  | awarded, in progress                     | 401 | 403 | 403 | 403 | 200 | 200 | 403 | 200 | 200
POST   /api/requests/:id/visits/                                  | awarded, in progress                     | 401 | 403 | 403 | 403 | 201 | 201 | 403 | 201 | 201
POST   /api/visits/:id/accept/                                    | a visit the awarded vendor proposed      | 401 | 403 | 403 | 403 | 409 | 200 | 403 | 200 | 200
POST   /api/visits/:id/propose/                                   | a visit the awarded vendor proposed      | 401 | 403 | 403 | 403 | 200 | 200 | 403 | 200 | 200
POST   /api/visits/:id/cancel/                                    | a visit the awarded vendor proposed      | 401 | 403 | 403 | 403 | 200 | 200 | 403 | 200 | 200
POST   /api/visits/:id/on-my-way/                                 | a confirmed visit                        | 401 | 403 | 403 | 403 | 200 | 403 | 403 | 403 | 403
POST   /api/visits/:id/arrived/                                   | a confirmed visit                        | 401 | 403 | 403 | 403 | 200 | 403 | 403 | 403 | 403
POST   /api/visits/:id/left/                                      | a confirmed visit, checked in            | 401 | 403 | 403 | 403 | 200 | 403 | 403 | 403 | 403
GET    /api/visits/:id/calendar.ics                               | a confirmed visit                        | 401 | 404 | 404 | 404 | 200 | 200 | 404 | 200 | 200
GET    /api/requests/:id/access/                                  | awarded, in progress                     | 401 | 403 | 403 | 403 | 200 | 200 | 403 | 200 | 200
GET    /api/requests/:id/access/                                  | awarded and completed                    | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
PUT    /api/requests/:id/access/                                  | awarded, in progress                     | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/vendor/jobs/                                          |                                          | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 200 | 200
GET    /api/vendor/jobs/nearby/                                   | a shared position                        | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 200 | 200
GET    /api/vendor/visits/today/                                  |                                          | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 200 | 200
GET    /api/vendor/business-location/                             |                                          | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 200 | 200
PUT    /api/vendor/business-location/                             | the caller's own                         | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 200 | 200
GET    /api/map-settings/                                         |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/vendor/bids/                                          |                                          | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 403 | 403
GET    /api/vendor/dashboard/                                     |                                          | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 403 | 403
GET    /api/vendor/insurance/                                     |                                          | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 403 | 403
POST   /api/vendor/insurance/                                     | a new certificate                        | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 403 | 403
GET    /api/vendor/insurance/certificate/                         | the caller's own certificate             | 401 | 200 | 200 | 200 | 200 | 403 | 403 | 403 | 403
GET    /api/property-manager/dashboard/                           |                                          | 401 | 403 | 403 | 403 | 403 | 200 | 200 | 200 | 200
GET    /api/property-manager/maintenance-requests/                |                                          | 401 | 403 | 403 | 403 | 403 | 200 | 200 | 200 | 200
GET    /api/property-manager/team/                                |                                          | 401 | 403 | 403 | 403 | 403 | 200 | 200 | 200 | 200
GET    /api/property-manager/work-queue/                          |                                          | 401 | 403 | 403 | 403 | 403 | 200 | 200 | 200 | 200
GET    /api/clients/:clientId/projects/                           | Acme                                     | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/projects/:id/units/                                   | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/projects/:id/history/                                 | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/projects/:id/history.csv                              | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/projects/:id/documentation/                           | Acme Tower                               | 401 | 403 | 403 | 200 | 200 | 200 | 403 | 200 | 200
POST   /api/projects/:id/layouts/                                 | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 201 | 403 | 201 | 201
PATCH  /api/layouts/:layoutId/                                    | rename the floor plan                    | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
DELETE /api/layouts/:layoutId/                                    | a spare floor plan                       | 401 | 403 | 403 | 403 | 403 | 204 | 403 | 204 | 204
POST   /api/layouts/:layoutId/polygons/                           | the floor plan                           | 401 | 403 | 403 | 403 | 403 | 201 | 403 | 201 | 201
DELETE /api/layouts/:layoutId/polygons/:polygonId/                | a spare polygon                          | 401 | 403 | 403 | 403 | 403 | 204 | 403 | 204 | 204
GET    /api/layouts/:layoutId/share/                              | the floor plan                           | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
PUT    /api/layouts/:layoutId/share/                              | the floor plan                           | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
DELETE /api/layouts/:layoutId/share/                              | a spare floor plan, shared               | 401 | 403 | 403 | 403 | 403 | 204 | 403 | 204 | 204
GET    /api/shared-layouts/:token/                                | the floor plan's share                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/shared-layouts/:token/image                           | the floor plan's share                   | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/projects/:id/photos/                                  | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 201 | 403 | 201 | 201
DELETE /api/photos/:photoId/                                      | a spare photo                            | 401 | 403 | 403 | 403 | 403 | 204 | 403 | 204 | 204
POST   /api/photos/:photoId/hotspots/                             | the 360-degree photo                     | 401 | 403 | 403 | 403 | 403 | 201 | 403 | 201 | 201
PATCH  /api/hotspots/:hotspotId/                                  | the close-up's caption                   | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
DELETE /api/hotspots/:hotspotId/                                  | a spare close-up                         | 401 | 403 | 403 | 403 | 403 | 204 | 403 | 204 | 204
GET    /api/files/*                                               | a photo of the open request              | 401 | 200 | 404 | 200 | 200 | 200 | 404 | 200 | 200
GET    /api/files/*                                               | the completion photo                     | 401 | 404 | 404 | 404 | 200 | 200 | 404 | 200 | 200
GET    /api/files/*                                               | a photo in the category vendor's thread  | 401 | 200 | 404 | 404 | 404 | 200 | 404 | 404 | 404
GET    /api/files/*                                               | the category vendor's certificate        | 401 | 200 | 404 | 404 | 404 | 404 | 404 | 200 | 200
GET    /api/files/*                                               | the property's floor plan                | 401 | 404 | 404 | 200 | 200 | 200 | 404 | 200 | 200
GET    /api/admin/applications/managers/                          |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/applications/managers/:id/                      | a submitted application                  | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/applications/managers/:id/approve/              | a submitted application                  | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/applications/managers/:id/reject/               | a submitted application                  | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/applications/vendors/                           |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/applications/vendors/:id/                       | an application waiting for payment       | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/applications/vendors/:id/approve/               | a paid application                       | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/applications/vendors/:id/reject/                | a paid application                       | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/clients/                                        |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/clients/:id/                                    | Acme                                     | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/clients/:id/projects/                           | Birch                                    | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 201 | 201
PUT    /api/admin/projects/:id/                                   | a spare property                         | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/projects/:id/thumbnail/                         | a spare property                         | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/projects/:id/units/                             | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/projects/:id/units/                             | Acme Tower, a new unit number            | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 201 | 201
DELETE /api/admin/units/:id/                                      | a spare unit                             | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 204 | 204
GET    /api/admin/contact-messages/                               |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/contact-messages/:id/handle/                    | an open message                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/contact-messages/:id/reopen/                    | a handled message                        | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/demo-requests/                                  |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/demo-requests/:id/handle/                       | an open demo request                     | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/demo-requests/:id/reopen/                       | a handled demo request                   | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/visit-requests/                             |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/visit-requests/:id/handle/                      | an open visit request                    | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/visit-requests/:id/reopen/                      | a handled visit request                  | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/inbox/counts/                                   |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/mail/                                           |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/plans/                                          |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/plans/                                          |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 201 | 201
PUT    /api/admin/plans/:id/                                      | a plan nobody uses                       | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
DELETE /api/admin/plans/:id/                                      | a spare plan                             | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 204 | 204
GET    /api/admin/users/                                          |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/users/:id/                                      | a user who is none of the actors         | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/users/:id/deactivate/                           | a spare active user                      | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/users/:id/reactivate/                           | a spare deactivated user                 | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/users/:id/send-password-reset/                  | a user who is none of the actors         | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 202 | 202
POST   /api/admin/users/:id/deactivate/                           | a staff account                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 200
POST   /api/admin/users/:id/deactivate/                           | a superuser account                      | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 200
POST   /api/admin/users/:id/reactivate/                           | a staff account, deactivated             | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 200
POST   /api/admin/users/:id/reactivate/                           | a superuser account, deactivated         | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 200
POST   /api/admin/users/:id/send-password-reset/                  | a staff account                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 202
POST   /api/admin/users/:id/send-password-reset/                  | a superuser account                      | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 202
GET    /api/admin/audit-log/                                      |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 200
GET    /api/notification-settings/                                |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
PUT    /api/notification-settings/                                | the caller's own settings, unchanged     | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/notification-settings/phone/verification/            | the caller's own unconfirmed number      | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/notification-settings/phone/verify/                  | the code texted to the caller's number   | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/push/config/                                          |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/push/subscriptions/                                   |                                          | 401 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/push/subscriptions/                                   | a new device of the caller's             | 401 | 201 | 201 | 201 | 201 | 201 | 201 | 201 | 201
DELETE /api/push/subscriptions/:id/                               | the category vendor's device             | 401 | 204 | 404 | 404 | 404 | 404 | 404 | 404 | 404
GET    /api/clients/:id/approval-settings/                        | Acme                                     | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
PUT    /api/clients/:id/approval-settings/                        | Acme, unchanged                          | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/projects/:id/owner-approval/                          | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
PUT    /api/projects/:id/owner-approval/                          | Acme Tower                               | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
PUT    /api/requests/:id/approval-limit/                          | open, no bids yet                        | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/requests/:id/owner-approval/                          | open, an award waiting for the owner     | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/owner-approval/withdraw/                 | open, an award waiting for the owner     | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/owner-approval/resend/                   | open, an award waiting for the owner     | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
POST   /api/requests/:id/owner-approval/override/                 | open, an award waiting for the owner, overrides allowed | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/requests/:id/owner-approval/certificate.pdf           | open, approved by the owner              | 401 | 403 | 403 | 403 | 403 | 200 | 403 | 200 | 200
GET    /api/owner-approvals/:token/                               | an owner's link, waiting                 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/owner-approvals/:token/approve/                       | an owner's link, waiting                 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/owner-approvals/:token/decline/                       | an owner's link, waiting                 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/owner-approvals/:token/question/                      | an owner's link, waiting                 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /api/owner-approvals/:token/certificate.pdf                | an owner's link, used to approve         | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
GET    /unsubscribe/:token                                        | the category vendor's messages email link | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /unsubscribe/:token                                        | the category vendor's messages email link | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200 | 200
POST   /api/sms/inbound/                                          | no Twilio signature                      | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 403 | 403
GET    /api/admin/notification-deliveries/                        |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
GET    /api/admin/jobs/                                           |                                          | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
POST   /api/admin/jobs/:kind/:id/retry/                           | a failed job                             | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 200 | 200
DELETE /api/admin/jobs/:kind/:id/                                 | a failed job                             | 401 | 403 | 403 | 403 | 403 | 403 | 403 | 204 | 204
`;

/** Route-table entries without a row, and why: nothing else may be left out. */
export const NOT_IN_MATRIX: Record<string, string> = {
  'GET /*': 'the built PWA: static files, and index.html for any other GET outside /api/',
};

export interface MatrixRow {
  /** `METHOD /path` exactly as the route was declared. */
  route: string;
  target: string;
  /** `route` plus `[target]` when there is one: what a call and a check are filed under. */
  key: string;
  expected: Record<Actor, number>;
}

export const rowKey = (route: string, target: string) => (target ? `${route} [${target}]` : route);

/** The table above as rows; a malformed line fails loudly rather than dropping cells. */
export function parseMatrix(text: string = MATRIX): MatrixRow[] {
  const [header, ...lines] = text.trim().split('\n');
  const columns = header!.split('|').map((cell) => cell.trim());
  if (columns.slice(2).join() !== ACTORS.join())
    throw new Error(`Matrix header must name ${ACTORS.join(', ')}`);
  return lines.map((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length !== columns.length) throw new Error(`Matrix line has ${cells.length} cells: ${line}`);
    const route = cells[0]!.replace(/\s+/, ' ');
    const target = cells[1]!;
    const expected = {} as Record<Actor, number>;
    ACTORS.forEach((actor, index) => {
      const status = Number(cells[index + 2]);
      if (!Number.isInteger(status) || status < 100 || status > 599) {
        throw new Error(`Matrix cell ${actor} of ${route} is not a status: ${cells[index + 2]}`);
      }
      expected[actor] = status;
    });
    return { route, target, key: rowKey(route, target), expected };
  });
}
