// /direct-admin: its own admin login, then tabs Users and System.
// The server decides who is an administrator (the role on the account), not this page: a
// signed-in account that is not one gets 'Not authorized as admin' and is signed out again.
// Users: the first page of members (with the page, or fetched right after the login), the rest
// on Load more; Verify, Delete (after the browser's confirm), Ban and Unban (in dialogs); a row
// changed by an action shows the server's answer. Below 600 px each member is a card.
// System: this instance's facts, measured when the tab opens and on Refresh Status.
// The state is in lib/client/admin/use_direct_admin.ts and use_users.ts; the parts in
// components/admin/.
import { BanDialogs } from "../components/admin/BanDialog.tsx";
import { SystemPanel } from "../components/admin/SystemPanel.tsx";
import { DirectLogin } from "../components/admin/DirectLogin.tsx";
import { AdminAlert } from "../components/admin/AdminAlert.tsx";
import { DirectUsers } from "../components/admin/DirectUsers.tsx";
import { useEffect, useState } from "react";
import type { UsersPage } from "../lib/shared/admin.ts";
import { t } from "../components/admin/labels.ts";
import { useViewerTimeZone } from "../lib/client/admin/hooks.ts";
import { useUsersList } from "../lib/client/admin/use_users.ts";
import {
  denied,
  DIRECT_USERS_API,
  useBanners,
  useDirectLogin,
  useDirectUserActions,
  useSystemStatus,
} from "../lib/client/admin/use_direct_admin.ts";

export interface DirectAdminProps {
  /** An administrator is already signed in on this device. */
  loggedIn: boolean;
  /** That administrator's id: their own row has neither Delete nor Ban. */
  meId?: string;
  /** The first page of members, rendered by the server for a signed-in administrator. */
  initial?: UsersPage | null;
}

export default function DirectAdmin(
  { loggedIn: initiallyLoggedIn, meId: initialMeId, initial }: DirectAdminProps,
) {
  const banners = useBanners();
  const [tab, setTab] = useState<"users" | "system">("users");
  const list = useUsersList(DIRECT_USERS_API, initiallyLoggedIn ? initial ?? null : null, (err) => {
    if (denied(err)) signedOut(t("notAdmin"));
    else banners.setError(t("bannerLoadFailed"));
  });
  const login = useDirectLogin(initiallyLoggedIn, initialMeId, list, banners, signedOut);
  const notAdmin = () => signedOut(t("notAdmin"));
  const actions = useDirectUserActions(list, banners, notAdmin);
  const zone = useViewerTimeZone();

  // An administrator already signed in sees the users at once (fetched if the page had none).
  useEffect(() => {
    if (initiallyLoggedIn && !initial) list.reload();
  }, []);
  const system = useSystemStatus(login.loggedIn && tab === "system", notAdmin);

  function signedOut(message = "") {
    login.setLoggedIn(false);
    list.reset(null);
    system.clear();
    actions.dismiss();
    setTab("users");
    banners.setError(message);
  }

  const { error, success } = banners;
  const alerts = (
    <>
      {error && <AdminAlert kind="error" text={error} />}
      {success && <AdminAlert kind="success" title={success.title} text={success.text} />}
    </>
  );
  if (!login.loggedIn) {
    return <DirectLogin login={login}>{alerts}</DirectLogin>;
  }

  return (
    <div class="stack direct-admin">
      <header class="card-head">
        <div>
          <h1 class="page-title">{t("adminDashboard")}</h1>
          <p class="muted">{t("dashboardDescription")}</p>
        </div>
        <button type="button" class="button button-secondary button-small" onClick={login.onLogout}>
          {t("logout")}
        </button>
      </header>
      {alerts}
      <div class="tabs" role="tablist" aria-label={t("adminSections")}>
        {(["users", "system"] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`direct-tab-${id}`}
            class="tab"
            aria-selected={tab === id}
            aria-controls={`direct-panel-${id}`}
            onClick={() => setTab(id)}
          >
            {id === "users" ? t("tabUsers") : t("tabSystem")}
          </button>
        ))}
      </div>
      {tab === "users" && (
        <section
          id="direct-panel-users"
          role="tabpanel"
          aria-labelledby="direct-tab-users"
          class="card stack"
        >
          <DirectUsers list={list} actions={actions} zone={zone} meId={login.meId} />
        </section>
      )}
      {tab === "system" && (
        <section
          id="direct-panel-system"
          role="tabpanel"
          aria-labelledby="direct-tab-system"
          class="card stack"
        >
          <SystemPanel {...system} zone={zone} />
        </section>
      )}
      <BanDialogs {...actions} />
    </div>
  );
}
