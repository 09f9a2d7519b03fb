import { useParams } from 'react-router-dom';
import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /vendor/requests/:requestId and /property-manager/requests/:requestId (signed-in spec, section 2). Filled by a later issue. */
export function RequestDetailPage() {
  const { requestId = '' } = useParams();
  return <ScreenTitle>{`Maintenance Request #${requestId}`}</ScreenTitle>;
}
