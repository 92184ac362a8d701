// /direct-admin: its own admin login, then tabs Users and System.
// The server decides who is an administrator (the role on the account), not this page: a
// signed-in account that is not one gets 'Not authorized as admin' and is signed out again.
import { UserActions } from "../components/admin/UserActions.tsx";
import { useEffect, useState } from "react";
import type { JSX } from "react";
import {
  ADMIN_BANNER_MS,
  ADMIN_TEXT,
  type AdminUser,
  formatDay,
  type SystemStatus,
} from "../lib/admin/shared.ts";
import { AdminAlert } from "../components/admin/AdminAlert.tsx";
import { ApiError, apiRequest, getJson, postJson, statusOf } from "../lib/client/api.ts";

export interface DirectAdminProps {
  /** An administrator is already signed in on this device. */
  loggedIn: boolean;
  /** That administrator's id: their own row has no Delete (the server refuses it anyway). */
  meId?: string;
}

type Tab = "users" | "system";

/** A 401 or 403 answer: the account signed in here is not (or no longer) an administrator. */
const denied = (err: unknown) => statusOf(err) === 401 || statusOf(err) === 403;

/** Signs out, whatever the answer: the page forgets the session either way. */
const logout = () => postJson("/api/logout").catch(() => {});

export default function DirectAdmin(
  { loggedIn: initiallyLoggedIn, meId: initialMeId }: DirectAdminProps,
) {
  const [loggedIn, setLoggedIn] = useState(initiallyLoggedIn);
  const [meId, setMeId] = useState(initialMeId ?? "");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [success, setSuccess] = useState("");
  const [tab, setTab] = useState<Tab>("users");
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [loadingUsers, setLoadingUsers] = useState(initiallyLoggedIn);
  const [system, setSystem] = useState<SystemStatus | null>(null);
  const [loadingSystem, setLoadingSystem] = useState(false);
  const [actionId, setActionId] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => setSuccess(""), ADMIN_BANNER_MS);
    return () => clearTimeout(t);
  }, [success]);

  // An administrator already signed in sees the users at once.
  useEffect(() => {
    if (initiallyLoggedIn) loadUsers();
  }, []);

  useEffect(() => {
    if (loggedIn && tab === "system" && !system) loadSystem();
  }, [loggedIn, tab]);

  function signedOut(message = "") {
    setLoggedIn(false);
    setUsers(null);
    setSystem(null);
    setTab("users");
    setError(message);
  }

  async function loadUsers(): Promise<boolean> {
    setLoadingUsers(true);
    try {
      setUsers(await getJson<AdminUser[]>("/api/admin/direct-users"));
      return true;
    } catch (err) {
      if (denied(err)) signedOut(ADMIN_TEXT.notAdmin);
      else setError(ADMIN_TEXT.bannerLoadFailed);
      return false;
    } finally {
      setLoadingUsers(false);
    }
  }

  async function loadSystem() {
    setLoadingSystem(true);
    try {
      setSystem(await getJson<SystemStatus>("/api/admin/system"));
    } catch (err) {
      if (denied(err)) return signedOut(ADMIN_TEXT.notAdmin);
      setSystem({
        environment: "Unknown",
        database: "Error",
        emailProvider: "Unknown",
        websocketServer: "Unknown",
      });
    } finally {
      setLoadingSystem(false);
    }
  }

  async function onLogin(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError("");
    setSuccess("");
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
        setUsers(await getJson<AdminUser[]>("/api/admin/direct-users"));
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
    setSuccess("");
    signedOut();
  }

  async function act(user: AdminUser, kind: "delete" | "verify") {
    if (kind === "delete" && !confirm(ADMIN_TEXT.confirmDelete)) return;
    setActionId(user.id);
    setError("");
    setSuccess("");
    const id = encodeURIComponent(user.id);
    try {
      if (kind === "delete") await apiRequest("DELETE", `/api/admin/direct-delete-user/${id}`);
      else await postJson(`/api/admin/direct-verify-email/${id}`);
      setSuccess(kind === "delete" ? ADMIN_TEXT.bannerDeleted : ADMIN_TEXT.bannerVerified);
    } catch {
      setError(kind === "delete" ? ADMIN_TEXT.bannerDeleteFailed : ADMIN_TEXT.bannerVerifyFailed);
    } finally {
      setActionId(null);
    }
    await loadUsers();
  }

  const alerts = (
    <>
      {error && <AdminAlert kind="error" text={error} />}
      {success && <AdminAlert kind="success" text={success} />}
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
          <label class="field">
            <span>Password</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          </label>
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
              {users && <p class="muted">Total users: {users.length}</p>}
            </div>
            <button
              type="button"
              class="button button-secondary button-small"
              onClick={() => loadUsers()}
              disabled={loadingUsers}
            >
              Refresh
            </button>
          </div>
          {loadingUsers && !users
            ? <p class="notice" role="status">{ADMIN_TEXT.loadingUsers}</p>
            : !users || users.length === 0
            ? <p class="admin-empty">{ADMIN_TEXT.noUsersDirect}</p>
            : (
              <div class="admin-table-wrap">
                <table class="admin-table">
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
                    {users.map((u) => (
                      <tr key={u.id} data-user-id={u.id}>
                        <td>
                          <code class="admin-id" title={u.id}>{u.id.slice(0, 8)}</code>
                        </td>
                        <td>{u.username}</td>
                        <td class="admin-email">{u.email}</td>
                        <td>
                          <span class={`badge ${u.emailVerified ? "admin-ok" : "admin-warn"}`}>
                            {u.emailVerified ? "Verified" : "Unverified"}
                          </span>
                        </td>
                        <td>
                          <time dateTime={u.createdAt}>{formatDay(u.createdAt)}</time>
                        </td>
                        <td>{u.location || ADMIN_TEXT.unknownLocation}</td>
                        <td>
                          <UserActions
                            user={u}
                            busy={actionId === u.id}
                            self={u.id === meId}
                            onVerify={() => act(u, "verify")}
                            onDelete={() => act(u, "delete")}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
          <h2 class="card-title">System</h2>
          <dl class="admin-system" aria-busy={loadingSystem}>
            {([
              ["Environment", system?.environment],
              ["Database", system?.database],
              ["Email Provider", system?.emailProvider],
              ["WebSocket Server", system?.websocketServer],
            ] as const).map(([label, value]) => (
              <div key={label} class="admin-system-row">
                <dt>{label}</dt>
                <dd>
                  {value === undefined || loadingSystem ? "Checking..." : (
                    <span
                      class={`badge ${
                        value === "Error" || value === "Unknown" ? "admin-warn" : "admin-ok"
                      }`}
                    >
                      {value}
                    </span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <button
            type="button"
            class="button button-secondary"
            onClick={loadSystem}
            disabled={loadingSystem}
          >
            Refresh Status
          </button>
        </section>
      )}
    </div>
  );
}
