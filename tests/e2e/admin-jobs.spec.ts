import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

// The job queue in the staff console: each kind of timed work with its depth, and the failed list.

test.use({ viewport: { width: 1280, height: 900 } });

test('staff see the job queue: the periodic kinds with their depth, and no failed job', async ({ page }) => {
  await openSignedIn(page, 'admin@demo.local', '/admin/jobs');
  await expect(page.getByRole('heading', { name: 'Job queue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Job queue' })).toBeVisible();
  for (const kind of [
    'expired-records-sweep',
    'insurance-expiry-check',
    'mail-outbox',
    'new-job-announcements',
    'notification-deliveries',
  ]) {
    const card = page.getByLabel(`Jobs ${kind}`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(/\d+ ready · \d+ scheduled · \d+ running/);
  }
  // The delivery pass every two seconds keeps its next pass scheduled.
  await expect(page.getByLabel('Jobs notification-deliveries')).toContainText(
    /[1-9]\d* scheduled|[1-9]\d* running|1 ready/,
  );
  await expect(page.getByRole('heading', { name: 'Failed jobs' })).toBeVisible();
  await expect(page.getByText('No failed jobs.')).toBeVisible();
});
