// /profile (spec §2): the three tabs, the address book (issue 35) and two-factor sign-in (issue 36), Headless UI's
// (arrow keys move between them, each panel labelled by its tab). The address names the tab shown (`?tab=two-factor`),
// so a link elsewhere can open one, and a reload stays on it.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { TabGroup, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState, Skeleton } from '@/components/feedback';
import { Card } from '@/components/card';
import { Page } from '@/components/page';
import { StripTab, TabStrip } from '@/components/tab-strip';
import { ProfilePageDocument } from '@/gql/graphql';
import { PROFILE_TAB_SLUGS, type ProfileTab } from '@/lib/profile-tabs';
import { AccountSettings } from './account-settings';
import { AddressBook } from './address-book';
import { BlockedPeople } from './blocked-people';
import { ChangePassword } from './change-password';
import { ProfileInformation } from './profile-information';
import { type GivenCodes, TWO_FACTOR_TAB, TwoFactorTab } from './two-factor';
import styles from './profile.module.css';

if (false) {
  gql`
    query ProfilePage {
      viewer {
        id
        ...ProfileInformation_viewer
      }
    }
  `;
}

/** Each tab's name, in the order of the slugs the address names them by (lib/profile-tabs). */
const TAB_NAMES: Record<ProfileTab, string> = {
  information: 'Profile Information',
  addresses: 'Addresses',
  password: 'Change Password',
  'two-factor': TWO_FACTOR_TAB,
  settings: 'Account Settings',
};

const SKELETON_DETAILS = 8;

/** The tabs and the details' shapes while the profile loads. */
function ProfileSkeleton() {
  return (
    <Card>
      <div role="status">
        <span className="visually-hidden">Loading...</span>
        <div className={styles.skeletonTabs}>
          <Skeleton width="9rem" height="1.25rem" />
          <Skeleton width="6rem" height="1.25rem" />
          <Skeleton width="8rem" height="1.25rem" />
          <Skeleton width="8rem" height="1.25rem" />
          <Skeleton width="8rem" height="1.25rem" />
        </div>
        <div className={styles.details}>
          {Array.from({ length: SKELETON_DETAILS }, (_, index) => (
            <div key={index}>
              <Skeleton width="30%" height="0.75rem" />
              <Skeleton width="60%" />
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}

export function ProfileRoute() {
  const { data, loading, refetch } = useQuery(ProfilePageDocument);
  const [givenCodes, setGivenCodes] = useState<GivenCodes>();
  const [search, setSearch] = useSearchParams();
  // An unknown or missing tab shows the first; choosing one replaces the address rather than adding to the history,
  // so Back leaves the profile as it did before.
  const selectedTab = Math.max(
    0,
    PROFILE_TAB_SLUGS.findIndex((slug) => slug === search.get('tab')),
  );
  const selectTab = (index: number) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', PROFILE_TAB_SLUGS[index]!);
        return next;
      },
      { replace: true },
    );
  const viewer = data?.viewer;

  let content;
  if (viewer)
    content = (
      <Card>
        <TabGroup selectedIndex={selectedTab} onChange={selectTab}>
          <TabStrip label="Profile sections">
            {PROFILE_TAB_SLUGS.map((slug) => (
              <StripTab key={slug}>{TAB_NAMES[slug]}</StripTab>
            ))}
          </TabStrip>
          <TabPanels>
            <TabPanel className={styles.panel}>
              <ProfileInformation viewer={viewer} />
            </TabPanel>
            <TabPanel className={styles.panel}>
              <AddressBook />
            </TabPanel>
            <TabPanel className={styles.panel}>
              <ChangePassword />
            </TabPanel>
            <TabPanel className={styles.panel}>
              <TwoFactorTab codes={givenCodes} setCodes={setGivenCodes} />
            </TabPanel>
            <TabPanel className={styles.panel}>
              <BlockedPeople />
              <AccountSettings />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </Card>
    );
  else if (loading) content = <ProfileSkeleton />;
  else content = <ErrorState message="Failed to load profile" onRetry={() => void refetch()} />;

  return <Page title="My Profile">{content}</Page>;
}
