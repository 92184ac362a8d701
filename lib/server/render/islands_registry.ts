// Every island, by name. The build bundles islands/<Name>.tsx; a unit test keeps this list and
// the folder in step.
import AdminAppeals from "../../../islands/AdminAppeals.tsx";
import AdminAudit from "../../../islands/AdminAudit.tsx";
import AdminInvitations from "../../../islands/AdminInvitations.tsx";
import AdminSecondFactor from "../../../islands/AdminSecondFactor.tsx";
import AdminReports from "../../../islands/AdminReports.tsx";
import AdminUsers from "../../../islands/AdminUsers.tsx";
import AuthPanel from "../../../islands/AuthPanel.tsx";
import ClipRecorder from "../../../islands/ClipRecorder.tsx";
import ConnectionCheck from "../../../islands/ConnectionCheck.tsx";
import DirectAdmin from "../../../islands/DirectAdmin.tsx";
import FiltersEditor from "../../../islands/FiltersEditor.tsx";
import HashtagBrowser from "../../../islands/HashtagBrowser.tsx";
import HomeHashtags from "../../../islands/HomeHashtags.tsx";
import LiveSession from "../../../islands/LiveSession.tsx";
import MatchEnd from "../../../islands/MatchEnd.tsx";
import MapDiscovery from "../../../islands/MapDiscovery.tsx";
import ProfilePage from "../../../islands/ProfilePage.tsx";
import ReferralShare from "../../../islands/ReferralShare.tsx";
import SubscriptionsPage from "../../../islands/SubscriptionsPage.tsx";
import VerificationBanner from "../../../islands/VerificationBanner.tsx";

export const ISLANDS = {
  AdminAppeals,
  AdminAudit,
  AdminInvitations,
  AdminReports,
  AdminSecondFactor,
  AdminUsers,
  AuthPanel,
  ClipRecorder,
  ConnectionCheck,
  DirectAdmin,
  FiltersEditor,
  HashtagBrowser,
  HomeHashtags,
  LiveSession,
  MapDiscovery,
  MatchEnd,
  ProfilePage,
  ReferralShare,
  SubscriptionsPage,
  VerificationBanner,
} as const;

export type IslandName = keyof typeof ISLANDS;

/**
 * The message namespaces (lib/shared/i18n/catalog/) each island reads: a page embeds these, in its
 * language, for the islands it uses. tests/unit/i18n_catalog_test.ts renders each island and fails
 * when it reads a namespace not listed here.
 */
export const ISLAND_MESSAGES: Record<IslandName, readonly string[]> = {
  AdminAppeals: ["common", "admin"],
  AdminAudit: ["common", "admin"],
  AdminInvitations: ["common", "admin"],
  AdminReports: ["common", "admin"],
  AdminSecondFactor: ["common", "admin"],
  AdminUsers: ["common", "admin"],
  AuthPanel: ["common", "auth", "plans"],
  ClipRecorder: ["common", "live"],
  ConnectionCheck: ["common", "live"],
  DirectAdmin: ["common", "admin", "auth"],
  FiltersEditor: ["common", "profile"],
  HashtagBrowser: ["common", "home", "profile"],
  HomeHashtags: ["common", "home"],
  LiveSession: ["common", "live"],
  MapDiscovery: ["common", "home"],
  MatchEnd: ["common", "live"],
  ProfilePage: ["common", "profile", "auth"],
  ReferralShare: ["common", "plans"],
  SubscriptionsPage: ["common", "plans"],
  VerificationBanner: ["common", "auth"],
};
