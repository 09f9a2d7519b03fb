import { ActionIcon, Box, Popover, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { jobsSearchPath } from '#app/requests/jobs-url-state.ts';
import { managerPaths } from '#app/route-paths.ts';
import { LIST_SEARCH_MAX } from '#shared/list-fields.ts';

/**
 * The top bar's search box (signed-in spec, section 2: placeholder 'Search...', at most 400px; the
 * prototype gave it no behaviour). Enter opens the vendor's Available Jobs filtered by the text, and a
 * manager's Maintenance Requests with the same `search` parameter. Below the small breakpoint it is a
 * search button that opens the box in a popover, so the bar fits a 375px screen.
 */
export function TopBarSearch() {
  const user = userOf(useAuthStatus().data);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [opened, popover] = useDisclosure(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    popover.close();
    if (user?.type === 'property_manager') {
      navigate(`${managerPaths.maintenance}?${new URLSearchParams({ search })}`);
    } else {
      navigate(jobsSearchPath(search));
    }
  };

  const box = (autoFocus: boolean) => (
    <search>
      <form onSubmit={submit}>
        <TextInput
          type="search"
          placeholder="Search..."
          aria-label="Search jobs"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={LIST_SEARCH_MAX}
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
        />
      </form>
    </search>
  );

  return (
    <>
      <Box visibleFrom="sm" flex={1} maw={400} miw={0}>
        {box(false)}
      </Box>
      <Popover opened={opened} onChange={popover.toggle} position="bottom" width={300} trapFocus shadow="md">
        <Popover.Target>
          <ActionIcon
            hiddenFrom="sm"
            variant="subtle"
            color="gray"
            size={36}
            style={{ flexShrink: 0 }}
            aria-label="Search"
            aria-expanded={opened}
            onClick={popover.toggle}
          >
            <IconSearch size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>{box(true)}</Popover.Dropdown>
      </Popover>
    </>
  );
}
