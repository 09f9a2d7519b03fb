import { type RefObject, useLayoutEffect } from 'react';

// A form of a prerendered page works as HTML before the app takes over: its text fields take typing
// (kept by useTextTypedBeforeHydration), its buttons are `inert` until hydrated (useHydrated).

/**
 * The form's `method`. Submitting it before its handlers arrive (Enter in a field submits even with an
 * inert button) does nothing: a dialog form outside a dialog neither loads a page nor puts the typed
 * text, a password included, into the address. Once hydrated, the form's onSubmit handles it.
 */
export const PRERENDERED_FORM_METHOD = 'dialog';

/** The inputs a visitor types into; checkboxes, radios, files and the like keep no typed text. */
const TEXT_TYPES = new Set(['text', 'email', 'tel', 'password', 'url', 'search', 'number']);

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * The text of each prerendered field as last typed, from the start of hydration until the app has
 * taken the page over (recordTypingWhileHydrating); null when nothing records.
 */
let typedWhileHydrating: WeakMap<TextField, string> | null = null;

const isTextField = (target: EventTarget | null): target is TextField =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && TEXT_TYPES.has(target.type));

/**
 * Records, from now until `stop` is called, the text typed into the prerendered fields under
 * `container`: call it right before hydrating, and stop once the app has committed.
 *
 * A key pressed while React hydrates makes it finish hydrating at once and hand the keystroke to its
 * field's onChange; that field's form then renders with its state, in which the fields typed into
 * before have their rendered (empty) value still, and React puts that value into their elements before
 * useTextTypedBeforeHydration can read the text. The record keeps it (the listener on the document's
 * capture phase sees each keystroke before React's, on the root).
 */
export function recordTypingWhileHydrating(container: HTMLElement): () => void {
  const typed = new WeakMap<TextField, string>();
  for (const field of typedFields(container)) typed.set(field, field.value);
  const record = (event: Event) => {
    if (isTextField(event.target) && container.contains(event.target))
      typed.set(event.target, event.target.value);
  };
  const { ownerDocument } = container;
  ownerDocument.addEventListener('input', record, true);
  typedWhileHydrating = typed;
  return () => {
    ownerDocument.removeEventListener('input', record, true);
    if (typedWhileHydrating === typed) typedWhileHydrating = null;
  };
}

/**
 * Hands what was typed into a prerendered form before the app took over to the form's own handlers.
 *
 * The prerendered page's text fields take typing as plain HTML. Hydrating, React keeps each field's
 * DOM value, but the form's state still holds the value it was rendered with: an uncontrolled form
 * would submit without the typed text, a controlled field would be emptied by its next render. So
 * once the fields under `ref` have mounted, each one whose text differs from what was rendered
 * replays that text as an input event: its onChange runs as if typed now (formatting, validation and
 * the form's state included), on the same element, with the caret where it was. The text is the one
 * recorded while hydrating where there is one (React may have emptied the element since).
 *
 * On a page rendered in the browser, every field holds what was rendered and nothing happens.
 */
export function useTextTypedBeforeHydration(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    // After the commit: an onChange from inside it could not render the new state before React put
    // the controlled field's rendered value back.
    queueMicrotask(() => {
      const container = ref.current;
      if (!container?.isConnected) return;
      // All read first: replaying one field renders the form, which puts the others' rendered values back.
      for (const typing of typingsIn(container)) replayTyping(typing);
    });
  }, [ref]);
}

interface Typing {
  field: TextField;
  text: string;
  /** The caret or selection of the focused field; null elsewhere and for types without one (email). */
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
}

function textFields(container: HTMLElement): TextField[] {
  const fields = [...container.querySelectorAll<TextField>('input, textarea')];
  return fields.filter((field) => isTextField(field) && !field.disabled && !field.readOnly);
}

/** The fields whose text is not what was rendered (defaultValue: the HTML's, which hydrating leaves). */
function typedFields(container: HTMLElement): TextField[] {
  return textFields(container).filter((field) => field.value !== field.defaultValue);
}

function typingsIn(container: HTMLElement): Typing[] {
  const typings: Typing[] = [];
  for (const field of textFields(container)) {
    const text = typedWhileHydrating?.get(field) ?? field.value;
    if (text !== field.defaultValue) typings.push(readTyping(field, text));
  }
  return typings;
}

function readTyping(field: TextField, text: string): Typing {
  const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = field;
  const focused = field.ownerDocument.activeElement === field;
  // The caret is kept where the element still holds the text it was in.
  const selection =
    focused && field.value === text && start !== null && end !== null
      ? { start, end, direction: direction ?? 'none' }
      : null;
  return { field, text, selection };
}

/**
 * React fires onChange only for a value other than the last it saw, and hydrating, it saw the typed
 * text. So the field is set to its rendered value through React's own value setter, then to the
 * typed text past it (the element prototype's setter), and an input event replays the typing.
 */
function replayTyping({ field, text, selection }: Typing): void {
  const setNativeValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!setNativeValue) return;
  field.value = field.defaultValue;
  setNativeValue.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // A formatting handler may have changed the text; the caret stays only where the text is the same.
  if (selection && field.value === text) {
    field.setSelectionRange(selection.start, selection.end, selection.direction);
  }
}
