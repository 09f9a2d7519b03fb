import { ComboboxChevron, InputBase, type Select as MantineSelect, type SelectProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

type SelectComponent = typeof MantineSelect;

let selectChunk: Promise<SelectComponent> | null = null;
let loadedSelect: SelectComponent | null = null;

function loadSelect(): Promise<SelectComponent> {
  selectChunk ??= import('./select-chunk.ts').then(
    (m) => {
      loadedSelect = m.Select;
      return m.Select;
    },
    (error: unknown) => {
      // A failed download is tried again on the next use.
      selectChunk = null;
      throw error;
    },
  );
  return selectChunk;
}

/** What the page does first (a pointer over it, a tap, a focus, a key) starts loading the Select. */
const FIRST_USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

type Option = string | { value: string; label: string };

/** Select's props; `data` as options (no groups), `value` controlled as Select's. */
export type DeferredSelectProps = Omit<SelectProps, 'data'> & { data: readonly Option[] };

const optionValue = (option: Option) => (typeof option === 'string' ? option : option.value);
const optionLabel = (option: Option) => (typeof option === 'string' ? option : option.label);

/**
 * Mantine's Select, whose Combobox (Popover, floating-ui, ScrollArea: about 35 KB gzip) loads on the
 * page's first use instead of with its first load (hydrating two Selects was most of the
 * vendor wizard's blocking time). Until then it renders the closed Select's own markup (InputBase
 * with the Select's classes, combobox attributes, chevron and hidden input), in the prerendered HTML
 * and at hydration alike, so nothing moves when the real one takes its place. A tap on it before
 * that opens the real one's dropdown, a focus stays, and text typed into a searchable one is kept.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  const [Select, setSelect] = useState<SelectComponent | null>(() => loadedSelect);
  const standIn = useRef<HTMLInputElement>(null);
  const real = useRef<HTMLInputElement>(null);
  // What the visitor did to the stand-in, handed to the real Select when it arrives.
  const intent = useRef<{ open: boolean; focus: boolean; search: string }>({
    open: false,
    focus: false,
    search: '',
  });
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (Select) return;
    let live = true;
    let loading = false;
    const start = () => {
      if (loading) return;
      loading = true;
      loadSelect().then(
        (component) => {
          if (!live) return;
          intent.current.focus = document.activeElement === standIn.current;
          setSelect(() => component);
        },
        () => {
          loading = false;
        },
      );
    };
    for (const type of FIRST_USE_EVENTS) {
      document.addEventListener(type, start, { capture: true, passive: true });
    }
    return () => {
      live = false;
      for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, start, { capture: true });
    };
  }, [Select]);

  // The real Select takes over the focus the stand-in had (a searchable one opens on focus).
  useEffect(() => {
    if (Select && intent.current.focus) real.current?.focus();
  }, [Select]);

  const {
    data,
    searchable = false,
    value,
    defaultValue,
    error,
    onChange,
    // The Select's own: the real one takes them, the stand-in (an input) has no use for them.
    allowDeselect,
    clearable,
    nothingFoundMessage,
    comboboxProps,
    maxDropdownHeight,
    ...input
  } = props;
  const selectOnly = { allowDeselect, clearable, nothingFoundMessage, comboboxProps, maxDropdownHeight };
  if (Select) {
    const typed = intent.current.search;
    return (
      <Select
        ref={real}
        {...input}
        {...selectOnly}
        data={data}
        searchable={searchable}
        value={value}
        defaultValue={defaultValue}
        error={error}
        onChange={onChange}
        defaultDropdownOpened={intent.current.open || typed !== ''}
        defaultSearchValue={typed === '' ? undefined : typed}
      />
    );
  }
  const selected = data.find((option) => optionValue(option) === value);
  return (
    <>
      <InputBase
        ref={standIn}
        {...input}
        __staticSelector="Select"
        __defaultRightSection={<ComboboxChevron size={input.size ?? 'sm'} error={error} />}
        rightSectionPointerEvents="none"
        pointer={!searchable}
        readOnly={!searchable}
        error={error}
        value={searchable && search !== '' ? search : selected ? optionLabel(selected) : ''}
        onChange={(event) => {
          intent.current.search = event.currentTarget.value;
          setSearch(event.currentTarget.value);
        }}
        onPointerDown={() => {
          intent.current.open = true;
        }}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
      />
      <input type="hidden" value={value ?? ''} />
    </>
  );
}
