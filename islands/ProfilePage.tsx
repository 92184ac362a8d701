import { useEffect, useState } from "react";
import type { JSX } from "react";
import { apiRequest, errorMessage, postJson } from "../lib/client/api.ts";
import { toast } from "../lib/client/toast.ts";
import { resizeImage } from "../lib/client/image.ts";
import { locateMe, LocationError } from "../lib/client/location.ts";
import { AUTH_TEXT, SECURITY_TEXT, validateReset } from "../lib/auth/rules.ts";
import { LANGUAGE_NAMES, PROFILE_TEXT, splitLocation } from "../lib/profile.ts";
import type { PublicUser } from "../lib/auth/types.ts";
import { SHIELD_TEXT } from "../lib/client/shield/policy.ts";

export interface ProfilePageProps {
  user: PublicUser;
}

type Tab = "profile" | "privacy";
type PrivacyKey =
  | "faceBlurEnabled"
  | "safetyShieldEnabled"
  | "hideExactLocation"
  | "notificationsEnabled";

const PRIVACY_SWITCHES: { key: PrivacyKey; label: string; help: string }[] = [
  {
    key: "faceBlurEnabled",
    label: "Face blur",
    help:
      "Blur, on your device, every face found in the video you send and in your clips. Whenever detection is not ready, the area where faces usually are is pixelated instead. Small, distant, turned-away or partly hidden faces can be missed. When off, your video is sent as filmed.",
  },
  {
    key: "safetyShieldEnabled",
    label: SHIELD_TEXT.setting,
    help: SHIELD_TEXT.settingHelp,
  },
  {
    key: "hideExactLocation",
    label: "Hide exact location",
    help: "Partners see only your country, not your city.",
  },
  {
    key: "notificationsEnabled",
    label: "Notifications",
    help: "Emails about your account and your invitations.",
  },
];

export default function ProfilePage({ user: initial }: ProfilePageProps) {
  const [tab, setTab] = useState<Tab>("profile");
  const [user, setUser] = useState(initial);
  const [avatar, setAvatar] = useState<string | null>(initial.avatarUrl);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState("");
  const [pwError, setPwError] = useState("");
  const [pwBusy, setPwBusy] = useState(false);
  const initialPlace = splitLocation(initial.location);
  const [country, setCountry] = useState(initialPlace.country);
  const [city, setCity] = useState(initialPlace.city);
  const [locating, setLocating] = useState(false);
  const [email, setEmail] = useState(initial.email);
  const [currentPassword, setCurrentPassword] = useState("");
  const [emailNote, setEmailNote] = useState("");
  // A new address (not the same one in another case) needs the current password.
  const emailChanging = email.trim().toLowerCase() !== user.email.toLowerCase();

  async function useMyLocation() {
    setLocating(true);
    try {
      const place = await locateMe();
      setCountry(place.country);
      setCity(place.city);
      setUser((u) => ({ ...u, location: place.location }));
      setError("");
      toast({ title: "Location updated", description: place.location, variant: "success" });
    } catch (err) {
      toast({
        title: err instanceof LocationError ? err.message : "Failed to get location",
        variant: "destructive",
      });
    } finally {
      setLocating(false);
    }
  }

  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(false), 2000);
    return () => clearTimeout(t);
  }, [saved]);

  async function patch(body: Record<string, unknown>) {
    const { message, ...next } = await apiRequest<PublicUser & { message?: string }>(
      "PATCH",
      "/api/user/profile",
      body,
    );
    setUser(next);
    return { next, message };
  }

  async function onSave(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (!country.trim() || !city.trim()) return setError(PROFILE_TEXT.locationRequired);
    if (emailChanging && !currentPassword) return setError(SECURITY_TEXT.currentPasswordRequired);
    setError("");
    setSaving(true);
    try {
      const { next, message } = await patch({
        username: String(form.get("username") ?? ""),
        email,
        displayName: String(form.get("displayName") ?? ""),
        bio: String(form.get("bio") ?? ""),
        language: String(form.get("language") ?? "en"),
        location: `${city.trim()}, ${country.trim()}`,
        ...(emailChanging ? { currentPassword } : {}),
      });
      // The address changes only when the link mailed to it is opened: the field shows the
      // current one again, with the server's note beside it.
      setEmail(next.email);
      setCurrentPassword("");
      setEmailNote(message ?? "");
      toast({ title: "Profile updated", description: message, variant: "success" });
      setSaved(true);
    } catch (err) {
      toast({
        title: PROFILE_TEXT.updateFailed,
        description: errorMessage(err, ""),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  async function onAvatar(e: JSX.TargetedEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    e.currentTarget.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({ title: PROFILE_TEXT.notImage, variant: "destructive" });
      return;
    }
    let blob: Blob;
    try {
      blob = await resizeImage(file, 256);
    } catch {
      toast({ title: PROFILE_TEXT.notImage, variant: "destructive" });
      return;
    }
    const form = new FormData();
    form.append("avatar", blob, "avatar.webp");
    try {
      const { avatarUrl } = await postJson<{ avatarUrl: string }>("/api/user/avatar", form);
      setAvatar(avatarUrl);
      toast({ title: "Profile updated", variant: "success" });
    } catch {
      // The picture stays visible on this device even though the upload failed.
      setAvatar(await blobToDataUrl(blob));
      toast({ title: PROFILE_TEXT.avatarFailed, variant: "destructive" });
    }
  }

  async function toggle(key: PrivacyKey) {
    const value = !user[key];
    setUser({ ...user, [key]: value });
    try {
      await patch({ [key]: value });
      toast({ title: "Profile updated", variant: "success" });
    } catch {
      setUser({ ...user, [key]: !value });
      toast({ title: PROFILE_TEXT.updateFailed, variant: "destructive" });
    }
  }

  async function onPassword(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    const confirmPassword = String(form.get("confirmPassword") ?? "");
    const problem = validateReset({ newPassword, confirmPassword });
    if (problem) return setPwError(problem);
    setPwError("");
    setPwBusy(true);
    try {
      await postJson("/api/user/password", { currentPassword, newPassword });
      toast({ title: AUTH_TEXT.passwordUpdated, variant: "success" });
      formEl.reset();
    } catch (err) {
      toast({
        title: PROFILE_TEXT.passwordFailed,
        description: errorMessage(err, ""),
        variant: "destructive",
      });
    } finally {
      setPwBusy(false);
    }
  }

  async function onDelete() {
    if (!confirm(PROFILE_TEXT.deleteConfirm)) return;
    try {
      await apiRequest("DELETE", "/api/delete-account");
      location.assign("/");
    } catch {
      toast({ title: PROFILE_TEXT.deleteFailed, variant: "destructive" });
    }
  }

  const initials = (user.displayName || user.username).slice(0, 2).toUpperCase();

  return (
    <div class="profile">
      <div class="tabs" role="tablist" aria-label="Profile sections">
        <button
          type="button"
          role="tab"
          id="tab-profile"
          aria-selected={tab === "profile"}
          aria-controls="panel-profile"
          class="tab"
          onClick={() => setTab("profile")}
        >
          Profile
        </button>
        <button
          type="button"
          role="tab"
          id="tab-privacy"
          aria-selected={tab === "privacy"}
          aria-controls="panel-privacy"
          class="tab"
          onClick={() => setTab("privacy")}
        >
          Privacy &amp; Security
        </button>
      </div>

      {tab === "profile" && (
        <section id="panel-profile" role="tabpanel" aria-labelledby="tab-profile" class="card">
          <div class="avatar-row">
            {avatar
              ? (
                <img
                  class="avatar"
                  src={avatar}
                  alt="Your profile picture"
                  width={72}
                  height={72}
                />
              )
              : <span class="avatar avatar-initials" aria-hidden="true">{initials}</span>}
            <label class="button button-secondary button-small avatar-button">
              Change avatar
              <input type="file" accept="image/*" class="sr-only" onChange={onAvatar} />
            </label>
          </div>
          <form class="form" onSubmit={onSave} noValidate>
            <label class="field">
              <span>Username</span>
              <input name="username" defaultValue={user.username} autoCapitalize="none" />
            </label>
            <label class="field">
              <span>Email</span>
              <input
                name="email"
                type="email"
                value={email}
                onInput={(e) =>
                  setEmail(e.currentTarget.value)}
                autoComplete="email"
              />
            </label>
            {emailChanging && (
              <>
                <label class="field">
                  <span>{SECURITY_TEXT.currentPasswordLabel}</span>
                  <input
                    name="emailCurrentPassword"
                    type="password"
                    value={currentPassword}
                    onInput={(e) => setCurrentPassword(e.currentTarget.value)}
                    autoComplete="current-password"
                    aria-describedby="email-password-help"
                  />
                </label>
                <p id="email-password-help" class="muted small">
                  {SECURITY_TEXT.currentPasswordHelp}
                </p>
              </>
            )}
            {emailNote && <p class="notice" role="status">{emailNote}</p>}
            <label class="field">
              <span>Display name</span>
              <input name="displayName" defaultValue={user.displayName} maxLength={50} />
            </label>
            <label class="field">
              <span>Bio</span>
              <textarea name="bio" rows={3} maxLength={300} defaultValue={user.bio} />
            </label>
            <div class="field-pair">
              <label class="field">
                <span>Country</span>
                <input
                  name="country"
                  value={country}
                  onInput={(e) =>
                    setCountry(e.currentTarget.value)}
                  autoComplete="country-name"
                />
              </label>
              <label class="field">
                <span>City</span>
                <input
                  name="city"
                  value={city}
                  onInput={(e) =>
                    setCity(e.currentTarget.value)}
                  autoComplete="address-level2"
                />
              </label>
            </div>
            <button
              type="button"
              class="button button-secondary button-small locate-button"
              onClick={useMyLocation}
              disabled={locating}
            >
              {locating ? "Locating..." : "Use my current location"}
            </button>
            <p class="muted small">
              Your exact position never leaves our server: we keep only the city, the country and an
              area of about 2 km.
            </p>
            <label class="field">
              <span>Language</span>
              <select name="language" defaultValue={user.language}>
                {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
                  <option key={code} value={code}>{name}</option>
                ))}
              </select>
            </label>
            {error && <p class="form-error" role="alert">{error}</p>}
            <div class="button-row button-row-start">
              <button class="button button-primary" type="submit" disabled={saving}>
                {saving ? "Saving..." : "Save profile"}
              </button>
              {saved && <span class="saved-flag" role="status">Saved</span>}
            </div>
          </form>
        </section>
      )}

      {tab === "privacy" && (
        <section id="panel-privacy" role="tabpanel" aria-labelledby="tab-privacy" class="stack">
          <div class="card">
            <h2 class="card-title">Privacy</h2>
            <ul class="switch-list">
              {PRIVACY_SWITCHES.map((s) => (
                <li key={s.key} class="switch-row">
                  <div>
                    <p class="switch-label" id={`label-${s.key}`}>{s.label}</p>
                    <p class="muted switch-help">{s.help}</p>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    class="switch"
                    aria-checked={user[s.key]}
                    aria-labelledby={`label-${s.key}`}
                    onClick={() => toggle(s.key)}
                  >
                    <span class="switch-thumb" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <form class="card form" onSubmit={onPassword} noValidate>
            <h2 class="card-title">Change password</h2>
            <label class="field">
              <span>Current password</span>
              <input name="currentPassword" type="password" autoComplete="current-password" />
            </label>
            <label class="field">
              <span>New password</span>
              <input name="newPassword" type="password" autoComplete="new-password" />
            </label>
            <label class="field">
              <span>Confirm new password</span>
              <input name="confirmPassword" type="password" autoComplete="new-password" />
            </label>
            {pwError && <p class="form-error" role="alert">{pwError}</p>}
            <button class="button button-primary" type="submit" disabled={pwBusy}>
              {pwBusy ? "Updating..." : "Update password"}
            </button>
          </form>
          <div class="card danger-zone">
            <h2 class="card-title">Delete account</h2>
            <p class="muted">
              You are signed out everywhere at once and your username and email become free. Your
              personal data is deleted within 30 days.
            </p>
            <button type="button" class="button button-danger" onClick={onDelete}>
              Delete account
            </button>
          </div>
          <p class="legal-links">
            <a href="/terms-of-service">Terms of Service</a> ·{" "}
            <a href="/privacy-policy">Privacy Policy</a>
          </p>
        </section>
      )}
    </div>
  );
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
