import { type RequestDetail, requestDetailSchema } from '#shared/request-responses.ts';

/**
 * A request detail as GET /api/requests/{id}/ answers it (parsed through its schema, so a fixture
 * cannot drift from the contract), with the fields a test is about overridden.
 */
export function requestDetailAnswer(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return requestDetailSchema.parse({
    id: 41,
    created_at: '2025-01-02T09:00:00.000Z',
    status: 'open',
    type: 'Plumbing',
    timeframe: 'Urgent',
    description: 'Kitchen sink drains slowly',
    areas_affected: ['Kitchen'],
    project: { id: 5, name: 'Maple Court', address: '1 Maple Court' },
    documentation_available: false,
    user: { first_name: 'Pat', last_name: 'Lee', job_title: '' },
    bidding_config: { is_open_for_bids: true, bid_deadline: null },
    bids: [],
    photos: [],
    timeline: [],
    awarded_bid: null,
    completion: null,
    allowed_actions: [],
    ...overrides,
  });
}
