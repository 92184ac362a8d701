// Browser state of /direct-admin, in parts its island puts together: the banners (an error, and
// a success that goes after ADMIN_BANNER_MS), the sign-in form, the System tab's facts, and the
// users' row actions (Verify, Delete after the browser's confirm, Ban and Unban in dialogs).
// A 401 or 403 from any request means the account is not (or no longer) an administrator: each
// part hands it to `onDenied`, and the island signs the page out.
import { useCallback, useEffect, useState } from "react";
import type { JSX } from "react";
import { ApiError, apiRequest, errorMessage, getJson, postJson, statusOf } from "../api.ts";
import {
  ADMIN_BANNER_MS,
  type AdminUser,
  type SystemStatus,
  type UsersPage,
} from "../../shared/admin.ts";
import { t } from "./texts.ts";
import { stepUp } from "./hooks.ts";
import { banMember, unbanMember } from "./ban_client.ts";
import type { UsersList } from "./use_users.ts";

export const DIRECT_USERS_API = "/api/admin/direct-users";

/** A 401 or 403 answer: the account signed in here is not (or no longer) an administrator. */
export const denied = (err: unknown) =>
  !stepUp(err) && (statusOf(err) === 401 || statusOf(err) === 403);

/** Signs out, whatever the answer: the page forgets the session either way. */
const logout = () => postJson("/api/logout").catch(() => {});

export type Success = { title?: string; text: string };
export type Banners = ReturnType<typeof useBanners>;
export type DirectLoginState = ReturnType<typeof useDirectLogin>;
export type DirectUserActions = ReturnType<typeof useDirectUserActions>;

/** The page's error and success banners; a success goes by itself. */
export function useBanners() {
  const [error, setError] = useState("");
  const [success, setSuccess] = useState<Success | null>(null);
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), ADMIN_BANNER_MS);
    return () => clearTimeout(timer);
  }, [success]);
  return { error, success, setError, setSuccess };
}

/**
 * The sign-in form and the session: signing in loads the first users page, which only an
 * administrator may (anyone else is signed out again); Logout signs out and empties the form.
 */
export function useDirectLogin(
  initiallyLoggedIn: boolean,
  initialMeId: string | undefined,
  list: UsersList,
  banners: Banners,
  /** Leaves the dashboard (a message for the sign-in form, if any). */
  signedOut: (message?: string) => void,
) {
  const [loggedIn, setLoggedIn] = useState(initiallyLoggedIn);
  const [meId, setMeId] = useState(initialMeId ?? "");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const { setError, setSuccess } = banners;

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
        if (err instanceof ApiError) return setError(t("authFailed"));
        throw err;
      }
      setMeId(typeof me?.id === "string" ? me.id : "");
      // Signed in; only an administrator's account may list the users.
      try {
        list.reset(await getJson<UsersPage>(DIRECT_USERS_API));
      } catch (err) {
        // An administrator who must set up or give a second factor goes to do so, and back.
        if (stepUp(err)) return;
        if (!denied(err)) throw err;
        await logout();
        return setError(t("notAdmin"));
      }
      setPassword("");
      setLoggedIn(true);
    } catch {
      setError(t("loginFailed"));
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

  return {
    loggedIn,
    setLoggedIn,
    meId,
    email,
    setEmail,
    password,
    setPassword,
    busy,
    onLogin,
    onLogout,
  };
}

/** The System tab's facts: measured when `active` (the tab open) and none are shown yet. */
export function useSystemStatus(active: boolean, onDenied: () => void) {
  const [status, setStatus] = useState<SystemStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  async function load() {
    setLoading(true);
    try {
      setStatus(await getJson<SystemStatus>("/api/admin/system"));
      setFailed(false);
    } catch (err) {
      if (denied(err)) return onDenied();
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    if (active && !status) load();
  }, [active]);

  // Shaped as components/admin/SystemPanel.tsx's props.
  return { status, failed, loading, onRefresh: load, clear: () => setStatus(null) };
}

type Dialog = { kind: "ban" | "unban"; user: AdminUser };

/** The users' row actions and the ban or unban dialog open; the outcome shows in the banners. */
export function useDirectUserActions(list: UsersList, banners: Banners, onDenied: () => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogError, setDialogError] = useState("");
  const { setError, setSuccess } = banners;

  async function act(user: AdminUser, kind: "delete" | "verify") {
    if (kind === "delete" && !confirm(t("confirmDelete"))) return;
    setBusyId(user.id);
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
        text: kind === "delete" ? t("bannerDeleted") : t("bannerVerified"),
      });
    } catch (err) {
      if (denied(err)) return onDenied();
      setError(kind === "delete" ? t("bannerDeleteFailed") : t("bannerVerifyFailed"));
    } finally {
      setBusyId(null);
    }
  }

  async function changeBan(user: AdminUser, reason?: string, days?: number) {
    const banning = reason !== undefined;
    setBusyId(user.id);
    setError("");
    setDialogError("");
    setSuccess(null);
    try {
      const answer = banning ? await banMember(user.id, reason, days) : await unbanMember(user.id);
      list.replace(answer.user);
      setDialog(null);
      setSuccess(
        banning
          ? { title: t("banned"), text: t("bannedDescription", { username: user.username }) }
          : { title: t("unbanned"), text: t("unbannedDescription", { username: user.username }) },
      );
    } catch (err) {
      if (denied(err)) return onDenied();
      if (banning) setDialogError(errorMessage(err));
      else {
        setDialog(null);
        setError(t("unbanFailed", { message: errorMessage(err) }));
      }
    } finally {
      setBusyId(null);
    }
  }

  const closeDialog = useCallback(() => {
    setDialog(null);
    setDialogError("");
  }, []);

  // With the props of components/admin/BanDialog.tsx's BanDialogs.
  return {
    busyId,
    dialog,
    busy: !!dialog && busyId === dialog.user.id,
    error: dialogError,
    onBan: changeBan,
    onUnban: (user: AdminUser) => changeBan(user),
    onCancel: closeDialog,
    /** Closes the dialog without a word (the page signed out). */
    dismiss: () => setDialog(null),
    handlers: {
      onVerify: (user: AdminUser) => act(user, "verify"),
      onDelete: (user: AdminUser) => act(user, "delete"),
      onBan: (user: AdminUser) => setDialog({ kind: "ban", user }),
      onUnban: (user: AdminUser) => setDialog({ kind: "unban", user }),
    },
  };
}
