import { Stack } from '@mantine/core';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import type { RequestDetail } from '#shared/request-responses.ts';
import {
  useClientApprovalSettings,
  usePropertyApproval,
  useRequestOwnerApproval,
} from './owner-approval-api.ts';
import { OwnerApprovalCard } from './owner-approval-card.tsx';
import { SpendingLimitCard } from './spending-limit-card.tsx';

/**
 * Approval before work on the manager's detail (a chunk of its own: it brings the contract's
 * schemas): the request's latest owner approval, and while the request is open its spending limit.
 */
export default function OwnerApprovalSection({ request }: { request: RequestDetail }) {
  const clientId = userOf(useAuthStatus().data)?.client ?? null;
  const approval = useRequestOwnerApproval(request.id);
  const property = usePropertyApproval(request.project?.id ?? null);
  const settings = useClientApprovalSettings(clientId);
  const open = request.allowed_actions.includes('award');
  const waiting = approval.data?.status === 'waiting';
  return (
    <Stack gap="lg">
      {approval.data ? (
        <OwnerApprovalCard
          requestId={request.id}
          approval={approval.data}
          // Offered unless the client's settings are known to refuse it (the server decides anyway).
          canOverride={settings.data?.allow_override !== false}
        />
      ) : null}
      {open && !waiting ? (
        <SpendingLimitCard
          requestId={request.id}
          propertyLimit={property.data?.effective_nte_limit ?? null}
        />
      ) : null}
    </Stack>
  );
}
