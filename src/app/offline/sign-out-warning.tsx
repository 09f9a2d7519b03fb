import { Button, Group, List, Modal, Text } from '@mantine/core';
import type { SignOutQuestion } from './sign-out-question.ts';

/**
 * Shown when someone signs out while writes still wait: lists them and says what happens to them.
 * Its own Modal: the top bar's menu sits outside the signed-in layout's ModalsProvider.
 */
export function SignOutWarning({ question }: { question: SignOutQuestion }) {
  const { items, answer } = question;
  const count = items.length;
  return (
    <Modal opened onClose={() => answer(false)} title="Writes are still waiting" centered>
      <Text size="sm">
        {`${count} ${count === 1 ? 'write has' : 'writes have'} not reached the server yet:`}
      </Text>
      <List size="sm" my="sm" withPadding>
        {items.map((item) => (
          <List.Item
            key={item.key}
          >{`${item.label}${item.state === 'refused' ? ' (refused)' : ''}`}</List.Item>
        ))}
      </List>
      <Text size="sm">
        If you sign out they stay on this phone, locked to your account, and are sent the next time you sign
        in here. Nobody else who signs in on this phone can see or send them.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => answer(true)}>
          Sign out anyway
        </Button>
        <Button onClick={() => answer(false)} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
