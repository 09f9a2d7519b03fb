import { Stack, Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { useUserProfile } from './api.ts';
import { ApiKeysPanel } from './api-keys-panel.tsx';
import { BusinessLocationForm } from './business-location-form.tsx';
import { InsuranceForm } from './insurance-form.tsx';
import { NotificationSettingsForm } from './notification-settings-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { LOAD_FAILED } from './settings-messages.ts';

type SettingsTab = 'profile' | 'notifications' | 'insurance' | 'location' | 'api-keys';

/**
 * Settings of both areas (signed-in spec, section 2): tabs chosen by the URL hash (#profile,
 * #notifications; #insurance, #location and #api-keys for vendors). Profile Details is the profile form;
 * Notifications its two switches with the channels, devices and quiet hours.
 */
export function SettingsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const vendor = userOf(useAuthStatus().data)?.type === 'vendor';
  const profile = useUserProfile();
  const tabs: SettingsTab[] = vendor
    ? ['profile', 'notifications', 'insurance', 'location', 'api-keys']
    : ['profile', 'notifications'];
  const fromHash = location.hash.replace(/^#/, '') as SettingsTab;
  const tab = tabs.includes(fromHash) ? fromHash : 'profile';

  return (
    <Stack gap="md">
      <ScreenTitle>Settings</ScreenTitle>
      <Tabs
        value={tab}
        onChange={(next) => navigate({ hash: `#${next ?? 'profile'}` }, { replace: true })}
        keepMounted
      >
        <Tabs.List>
          {/* Narrow padding keeps three tabs on one line at 375px; a vendor's fourth wraps, never hidden. */}
          <Tabs.Tab value="profile" px="sm">
            Profile Details
          </Tabs.Tab>
          <Tabs.Tab value="notifications" px="sm">
            Notifications
          </Tabs.Tab>
          {vendor ? (
            <Tabs.Tab value="insurance" px="sm">
              Insurance
            </Tabs.Tab>
          ) : null}
          {vendor ? (
            <Tabs.Tab value="location" px="sm">
              Location
            </Tabs.Tab>
          ) : null}
          {vendor ? (
            <Tabs.Tab value="api-keys" px="sm">
              API keys
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        {profile.isPending ? (
          <CenteredLoader label="Loading profile" />
        ) : profile.isError ? (
          <Stack pt="md">
            <ErrorAlert>{LOAD_FAILED}</ErrorAlert>
          </Stack>
        ) : (
          <ProfileForm profile={profile.data} />
        )}
        <Tabs.Panel value="notifications" pt="md">
          <NotificationSettingsForm />
        </Tabs.Panel>
        {vendor ? (
          <Tabs.Panel value="insurance" pt="md">
            {tab === 'insurance' ? <InsuranceForm /> : null}
          </Tabs.Panel>
        ) : null}
        {vendor ? (
          <Tabs.Panel value="location" pt="md">
            {tab === 'location' ? <BusinessLocationForm /> : null}
          </Tabs.Panel>
        ) : null}
        {vendor ? (
          <Tabs.Panel value="api-keys" pt="md">
            {tab === 'api-keys' ? <ApiKeysPanel /> : null}
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
