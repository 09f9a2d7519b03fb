import { useParams } from 'react-router-dom';
import { vendorPaths } from '#app/route-paths.ts';
import { ConversationView } from './conversation-view.tsx';

/** /vendor/messages/:requestId (signed-in spec, section 2): the vendor's own thread on a request. */
export function ConversationPage() {
  const { requestId = '' } = useParams();
  const id = /^\d{1,9}$/.test(requestId) ? Number(requestId) : 0;
  return (
    <ConversationView
      key={id}
      thread={{ requestId: id }}
      back={{ to: vendorPaths.messages, label: 'Back to messages' }}
    />
  );
}
