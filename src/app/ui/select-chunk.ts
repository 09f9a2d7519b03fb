// Mantine's Select with its Combobox, Popover and floating-ui: the chunk DeferredSelect loads on a
// page's first use (deferred-select.tsx).
export { Select } from '@mantine/core';
