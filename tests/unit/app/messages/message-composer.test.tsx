// @vitest-environment jsdom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessageComposer } from '#app/messages/message-composer.tsx';
import { ThemeProvider } from '#app/ui/theme-provider.tsx';

// The composer takes at most five photos and says what it left out; photos go with words; a sent
// (or queued) message clears text and photos, a failed one keeps both.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let sent: Array<{ content: string; photos: File[]; clear: () => void }>;

const file = (name: string, type = 'image/jpeg') => new File([new Uint8Array([1, 2, 3])], name, { type });

function choose(files: File[]) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function typeText(text: string) {
  const area = container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const sendButton = () => container.querySelector<HTMLButtonElement>('button[aria-label="Send message"]')!;
const chosenCount = () => container.querySelectorAll('ul[aria-label="Photos to send"] li').length;

beforeEach(() => {
  sent = [];
  // Mantine's autosize listens for web fonts loading; jsdom has no document.fonts.
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });
  // jsdom makes no object URLs: the previews get a stand-in.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => {
    root.render(
      <ThemeProvider>
        <MessageComposer sending={false} onSend={(draft, clear) => sent.push({ ...draft, clear })} />
      </ThemeProvider>,
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('the message composer with photos', () => {
  it('keeps five photos and says how many it left out, and why', () => {
    choose([file('1.jpg'), file('2.jpg'), file('3.jpg')]);
    choose([file('4.jpg'), file('5.jpg'), file('6.jpg'), file('notes.pdf', 'application/pdf')]);
    expect(chosenCount()).toBe(5);
    expect(container.textContent).toContain(
      'Only photos can be attached (1 file not added); at most 5 photos per message (1 not added).',
    );
    expect(container.querySelector<HTMLButtonElement>('button[aria-label="Attach photos"]')!.disabled).toBe(
      true,
    );
  });

  it('sends photos only with words, and clears both once sent', () => {
    choose([file('valve.jpg')]);
    expect(sendButton().disabled).toBe(true);
    expect(container.textContent).toContain('Write a few words to send with the photo.');
    typeText('  The valve  ');
    expect(sendButton().disabled).toBe(false);
    act(() => sendButton().click());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toBe('The valve');
    expect(sent[0]!.photos.map((photo) => photo.name)).toEqual(['valve.jpg']);
    // Not yet sent: the draft stays.
    expect(chosenCount()).toBe(1);
    act(() => sent[0]!.clear());
    expect(chosenCount()).toBe(0);
    expect(container.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')!.value).toBe('');
  });

  it('takes a photo out again with its remove button', () => {
    choose([file('a.jpg'), file('b.jpg')]);
    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Remove photo 1"]')!.click());
    expect(chosenCount()).toBe(1);
    typeText('Only b');
    act(() => sendButton().click());
    expect(sent[0]!.photos.map((photo) => photo.name)).toEqual(['b.jpg']);
  });
});
