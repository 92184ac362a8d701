// /direct-admin: its own admin login, then tabs Users and System.
// The server decides who is an administrator (the role on the account), not this page: a
// signed-in account that is not one gets 'Not authorized as admin' and is signed out again.
// Users: the first page of members (with the page, or fetched right after the login), the rest
// on Load more; Verify, Delete (after the browser's confirm), Ban and Unban (in dialogs); a row
// changed by an action shows the server's answer. Below 600 px each member is a card.
// System: this instance's facts, measured when the tab opens and on Refresh Status.
import { UserActions } from "../components/admin/UserActions.tsx";
import { BanBadge } from "../components/admin/BanBadge.tsx";
import { ListFooter } from "../components/admin/ListFooter.tsx";
import { BanDialogs } from "../components/admin/BanDialog.tsx";
import { SystemPanel } from "../components/admin/SystemPanel.tsx";
import { useCallback, useEffect, useState } from "react";
import type { JSX } from "react";
import {
  ADMIN_BANNER_MS,
  ADMIN_TEXT,
  type AdminUser,
  formatDay,
  type SystemStatus,
  type UsersPage,
} from "../shared/admin.ts";
import { AdminAlert } from "../components/admin/AdminAlert.tsx";
import { FormField } from "../components/FormField.tsx";
import { ApiError, apiRequest, errorMessage, getJson, postJson, statusOf } from "../client/api.ts";
import { useViewerTimeZone } from "../client/admin/hooks.ts";
import { useUsersList } from "../client/admin/use_users.ts";
import { banMember, unbanMember } from "../client/admin/ban_client.ts";
import { BAN_TEXT } from "../shared/moderation/bans.ts";

export interface DirectAdminProps {
  /** An administrator is already signed in on this device. */
  loggedIn: boolean;
  /** That administrator's id: their own row has neither Delete nor Ban. */
  meId?: string;
  /** The first page of members, rendered by the server for a signed-in administrator. */
  initial?: UsersPage | null;
}

type Tab = "users" | "system";
type Dialog = { kind: "ban" | "unban"; user: AdminUser };
type Success = { title?: string; text: string };

const USERS_API = "/api/admin/direct-users";

/** A 401 or 403 answer: the account signed in here is not (or no longer) an administrator. */
const denied = (err: unknown) => statusOf(err) === 401 || statusOf(err) === 403;

/** Signs out, whatever the answer: the page forgets the session either way. */
const logout = () => postJson("/api/logout").catch(() => {});

export default function DirectAdmin(
  { loggedIn: initiallyLoggedIn, meId: initialMeId, initial }: DirectAdminProps,
) {
  const [loggedIn, setLoggedIn] = useState(initiallyLoggedIn);
  const [meId, setMeId] = useState(initialMeId ?? "");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [success, setSuccess] = useState<Success | null>(null);
  const [tab, setTab] = useState<Tab>("users");
  const list = useUsersList(USERS_API, initiallyLoggedIn ? initial ?? null : null, (err) => {
    if (denied(err)) signedOut(ADMIN_TEXT.notAdmin);
    else setError(ADMIN_TEXT.bannerLoadFailed);
  });
  const [system, setSystem] = useState<SystemStatus | null>(null);
  const [systemFailed, setSystemFailed] = useState(false);
  const [loadingSystem, setLoadingSystem] = useState(false);
  const [actionId, setActionId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogError, setDialogError] = useState("");
  const zone = useViewerTimeZone();

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(null), ADMIN_BANNER_MS);
    return () => clearTimeout(t);
  }, [success]);

  // An administrator already signed in sees the users at once (fetched if the page had none).
  useEffect(() => {
    if (initiallyLoggedIn && !initial) list.reload();
  }, []);

  useEffect(() => {
    if (loggedIn && tab === "system" && !system) loadSystem();
  }, [loggedIn, tab]);

  function signedOut(message = "") {
    setLoggedIn(false);
    list.reset(null);
    setSystem(null);
    setDialog(null);
    setTab("users");
    setError(message);
  }

  async function loadSystem() {
    setLoadingSystem(true);
    try {
      setSystem(await getJson<SystemStatus>("/api/admin/system"));
      setSystemFailed(false);
    } catch (err) {
      if (denied(err)) return signedOut(ADMIN_TEXT.notAdmin);
      setSystemFailed(true);
    } finally {
      setLoadingSystem(false);
    }
  }

  async function onLogin(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError("");
    setSuccess(null);
    try {
      let me: { id?: unknown } | null;
      try {
        me = await postJson("/api/simple-login", { identifier: email, password });
      } catch (err) {
        // Refused credentials; a network failure is the generic login failure below.
        if (err instanceof ApiError) return setError(ADMIN_TEXT.authFailed);
        throw err;
      }
      setMeId(typeof me?.id === "string" ? me.id : "");
      // Signed in; only an administrator's account may list the users.
      try {
        list.reset(await getJson<UsersPage>(USERS_API));
      } catch (err) {
        if (!denied(err)) throw err;
        await logout();
        return setError(ADMIN_TEXT.notAdmin);
      }
      setPassword("");
      setLoggedIn(true);
    } catch {
      setError(ADMIN_TEXT.loginFailed);
    } finally {
      setBusy(false);
    }
  }

  async function onLogout() {
    await logout();
    setEmail("");
    setPassword("");
    setSuccess(null);
    signedOut();
  }

  async function act(user: AdminUser, kind: "delete" | "verify") {
    if (kind === "delete" && !confirm(ADMIN_TEXT.confirmDelete)) return;
    setActionId(user.id);
    setError("");
    setSuccess(null);
    const id = encodeURIComponent(user.id);
    try {
      if (kind === "delete") {
        await apiRequest("DELETE", `/api/admin/direct-delete-user/${id}`);
        list.remove(user.id);
      } else {
        const answer = await postJson<{ user: AdminUser }>(`/api/admin/direct-verify-email/${id}`);
        list.replace(answer.user);
      }
      setSuccess({
        text: kind === "delete" ? ADMIN_TEXT.bannerDeleted : ADMIN_TEXT.bannerVerified,
      });
    } catch (err) {
      if (denied(err)) return signedOut(ADMIN_TEXT.notAdmin);
      setError(kind === "delete" ? ADMIN_TEXT.bannerDeleteFailed : ADMIN_TEXT.bannerVerifyFailed);
    } finally {
      setActionId(null);
    }
  }

  async function changeBan(user: AdminUser, reason?: string, days?: number) {
    const banning = reason !== undefined;
    setActionId(user.id);
    setError("");
    setDialogError("");
    setSuccess(null);
    try {
      const answer = banning ? await banMember(user.id, reason, days) : await unbanMember(user.id);
      list.replace(answer.user);
      setDialog(null);
      setSuccess(
        banning
          ? { title: BAN_TEXT.banned, text: BAN_TEXT.bannedDescription(user.username) }
          : { title: BAN_TEXT.unbanned, text: BAN_TEXT.unbannedDescription(user.username) },
      );
    } catch (err) {
      if (denied(err)) return signedOut(ADMIN_TEXT.notAdmin);
      if (banning) setDialogError(errorMessage(err));
      else {
        setDialog(null);
        setError(ADMIN_TEXT.unbanFailed(errorMessage(err)));
      }
    } finally {
      setActionId(null);
    }
  }

  const closeDialog = useCallback(() => {
    setDialog(null);
    setDialogError("");
  }, []);
  const page = list.page;

  const alerts = (
    <>
      {error && <AdminAlert kind="error" text={error} />}
      {success && <AdminAlert kind="success" title={success.title} text={success.text} />}
    </>
  );

  if (!loggedIn) {
    return (
      <div class="narrow stack direct-admin">
        <form class="card form" onSubmit={onLogin} aria-labelledby="admin-login-title">
          <div>
            <h1 id="admin-login-title" class="card-title">{ADMIN_TEXT.loginTitle}</h1>
            <p class="muted">{ADMIN_TEXT.loginDescription}</p>
          </div>
          {alerts}
          <label class="field">
            <span>Email</span>
            <input
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          </label>
          <FormField
            id="admin-password"
            label="Password"
            name="password"
            type="password"
            value={password}
            onValue={setPassword}
            autoComplete="current-password"
            required
          />
          <button type="submit" class="button button-primary button-block" disabled={busy}>
            {busy ? ADMIN_TEXT.loggingIn : "Login"}
          </button>
        </form>
      </div>
    );
  }

  return (
    <div class="stack direct-admin">
      <header class="card-head">
        <div>
          <h1 class="page-title">Admin Dashboard</h1>
          <p class="muted">{ADMIN_TEXT.dashboardDescription}</p>
        </div>
        <button type="button" class="button button-secondary button-small" onClick={onLogout}>
          Logout
        </button>
      </header>
      {alerts}
      <div class="tabs" role="tablist" aria-label="Admin sections">
        {(["users", "system"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`direct-tab-${t}`}
            class="tab"
            aria-selected={tab === t}
            aria-controls={`direct-panel-${t}`}
            onClick={() => setTab(t)}
          >
            {t === "users" ? "Users" : "System"}
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
          <div class="card-head">
            <div>
              <h2 class="card-title">{ADMIN_TEXT.usersTitle}</h2>
              {page && <p class="muted">Total users: {page.total}</p>}
            </div>
            <button
              type="button"
              class="button button-secondary button-small"
              onClick={() => list.reload()}
              disabled={list.loading}
            >
              Refresh
            </button>
          </div>
          {!page
            ? list.loading && <p class="notice" role="status">{ADMIN_TEXT.loadingUsers}</p>
            : page.users.length === 0
            ? <p class="admin-empty">{ADMIN_TEXT.noUsersDirect}</p>
            : (
              <div class="admin-table-wrap">
                <table class="admin-table admin-user-table" aria-busy={list.loading}>
                  <caption class="sr-only">Users</caption>
                  <thead>
                    <tr>
                      <th scope="col">ID</th>
                      <th scope="col">Username</th>
                      <th scope="col">Email</th>
                      <th scope="col">Status</th>
                      <th scope="col">Created</th>
                      <th scope="col">Location</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.users.map((u) => (
                      <tr key={u.id} data-user-id={u.id}>
                        <td data-label="ID">
                          <code class="admin-id" title={u.id}>{u.id.slice(0, 8)}</code>
                        </td>
                        <td data-label="Username" class="admin-username">{u.username}</td>
                        <td data-label="Email" class="admin-email">{u.email}</td>
                        <td data-label="Status" class="admin-status-cell">
                          <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
                            {u.emailVerified ? "Verified" : "Unverified"}
                          </span>
                          {u.role === "admin" && (
                            <span class="badge badge-accent admin-role">admin</span>
                          )}
                          <BanBadge ban={u.ban} timeZone={zone} />
                        </td>
                        <td data-label="Created">
                          <time dateTime={u.createdAt}>{formatDay(u.createdAt, zone)}</time>
                        </td>
                        <td data-label="Location">{u.location || ADMIN_TEXT.unknownLocation}</td>
                        <td data-label="Actions" class="admin-actions-cell">
                          <UserActions
                            user={u}
                            busy={actionId === u.id}
                            self={u.id === meId}
                            onVerify={() => act(u, "verify")}
                            onDelete={() => act(u, "delete")}
                            onBan={() => setDialog({ kind: "ban", user: u })}
                            onUnban={() => setDialog({ kind: "unban", user: u })}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          {page && (
            <ListFooter
              page={page}
              searched=""
              loadingMore={list.loadingMore}
              onMore={list.loadMore}
            />
          )}
        </section>
      )}

      {tab === "system" && (
        <section
          id="direct-panel-system"
          role="tabpanel"
          aria-labelledby="direct-tab-system"
          class="card stack"
        >
          <SystemPanel
            status={system}
            failed={systemFailed}
            loading={loadingSystem}
            zone={zone}
            onRefresh={loadSystem}
          />
        </section>
      )}

      <BanDialogs
        dialog={dialog}
        busy={!!dialog && actionId === dialog.user.id}
        error={dialogError}
        onBan={changeBan}
        onUnban={(user) => changeBan(user)}
        onCancel={closeDialog}
      />
    </div>
  );
}
