import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /vendor/messages/:requestId (signed-in spec, section 2). Filled by a later issue. */
export function ConversationPage() {
  return <ScreenTitle>Conversation</ScreenTitle>;
}
