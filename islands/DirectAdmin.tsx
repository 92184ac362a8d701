// /direct-admin (SPEC sections 2, 4, 5, 8): its own admin login, then tabs Users and System.
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

export interface DirectAdminProps {
  /** An administrator is already signed in on this device. */
  loggedIn: boolean;
  /** That administrator's id: their own row has no Delete (the server refuses it anyway). */
  meId?: string;
}

type Tab = "users" | "system";

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

/** The SPEC's direct calls read only the status: a plain fetch with the session cookie. */
function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? { accept: "application/json" } : JSON_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

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
      const res = await call("GET", "/api/admin/direct-users");
      if (res.status === 401 || res.status === 403) {
        signedOut(ADMIN_TEXT.notAdmin);
        return false;
      }
      if (!res.ok) throw new Error(String(res.status));
      setUsers(await res.json());
      return true;
    } catch {
      setError(ADMIN_TEXT.bannerLoadFailed);
      return false;
    } finally {
      setLoadingUsers(false);
    }
  }

  async function loadSystem() {
    setLoadingSystem(true);
    try {
      const res = await call("GET", "/api/admin/system");
      if (res.status === 401 || res.status === 403) return signedOut(ADMIN_TEXT.notAdmin);
      if (!res.ok) throw new Error(String(res.status));
      setSystem(await res.json());
    } catch {
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
      const login = await call("POST", "/api/simple-login", { identifier: email, password });
      if (!login.ok) {
        setError(ADMIN_TEXT.authFailed);
        return;
      }
      const me = await login.json().catch(() => null) as { id?: unknown } | null;
      setMeId(typeof me?.id === "string" ? me.id : "");
      // Signed in; only an administrator's account may list the users.
      const res = await call("GET", "/api/admin/direct-users");
      if (res.status === 401 || res.status === 403) {
        await call("POST", "/api/logout").catch(() => {});
        setError(ADMIN_TEXT.notAdmin);
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      setUsers(await res.json());
      setPassword("");
      setLoggedIn(true);
    } catch {
      setError(ADMIN_TEXT.loginFailed);
    } finally {
      setBusy(false);
    }
  }

  async function onLogout() {
    await call("POST", "/api/logout").catch(() => {});
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
      const res = kind === "delete"
        ? await call("DELETE", `/api/admin/direct-delete-user/${id}`)
        : await call("POST", `/api/admin/direct-verify-email/${id}`);
      if (!res.ok) throw new Error(String(res.status));
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
