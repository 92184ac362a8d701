import { useEffect, useState } from "react";
import type { JSX } from "react";
import { apiRequest, errorMessage, postJson } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { resizeImage } from "../client/image.ts";
import { locateMe, LocationError } from "../client/location.ts";
import {
  AUTH_TEXT,
  BIO_MAX_LENGTH,
  charCount,
  checkBio,
  checkDisplayName,
  checkEmail,
  checkLocation,
  checkNewPassword,
  checkUsername,
  DISPLAY_NAME_MAX_LENGTH,
  fieldOfServerText,
  normalizeUsername,
  RULE_HINT,
  SECURITY_TEXT,
  USERNAME_MAX_LENGTH,
  validateReset,
} from "../shared/auth/rules.ts";
import { FormField } from "../components/FormField.tsx";
import {
  HIDE_IP_TEXT,
  hidesIpAddress,
  type IpRelay,
  LANGUAGE_NAMES,
  PROFILE_TEXT,
  splitLocation,
} from "../shared/profile.ts";
import type { PublicUser } from "../shared/auth/types.ts";
import { SHIELD_TEXT } from "../client/shield/policy.ts";

export interface ProfilePageProps {
  user: PublicUser;
  /** Whether this site has a relay to hide members' IP addresses behind, and its default. */
  ipRelay: IpRelay;
}

type Tab = "profile" | "privacy";
type PrivacyKey =
  | "faceBlurEnabled"
  | "safetyShieldEnabled"
  | "hideIpAddress"
  | "hideExactLocation"
  | "notificationsEnabled";

/** The server's texts about one field, keyed by the field's name. */
type ServerErrors = Record<string, string>;

/** Moves focus to a field (by id) once the browser has painted its problem. */
function focusField(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

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
  { key: "hideIpAddress", label: HIDE_IP_TEXT.label, help: HIDE_IP_TEXT.help },
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

export default function ProfilePage({ user: initial, ipRelay }: ProfilePageProps) {
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
  const [username, setUsername] = useState(initial.username);
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [bio, setBio] = useState(initial.bio);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const [pw, setPw] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [pwSubmitted, setPwSubmitted] = useState(false);
  const [pwServerErrors, setPwServerErrors] = useState<ServerErrors>({});
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

  /** A setter that also drops the server's text about that field (the value changed). */
  const edit = (field: string, set: (v: string) => void) => (value: string) => {
    set(value);
    if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
  };

  async function onSave(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setSubmitted(true);
    const location = `${city.trim()}, ${country.trim()}`;
    // The shared rules, in the order the server checks them.
    const problems: [string, string | null][] = [
      ["displayName", checkDisplayName(displayName).problem],
      ["bio", checkBio(bio).problem],
      ["username", checkUsername(username).problem],
      ["email", checkEmail(email).problem],
      [
        "currentPassword",
        emailChanging && !currentPassword ? SECURITY_TEXT.currentPasswordRequired : null,
      ],
      [
        "location",
        !country.trim() || !city.trim()
          ? PROFILE_TEXT.locationRequired
          : checkLocation(location).problem,
      ],
    ];
    const first = problems.find(([, problem]) => problem);
    if (first) {
      setError(first[1]!);
      focusField(`profile-${first[0]}`);
      return;
    }
    setError("");
    setServerErrors({});
    setSaving(true);
    try {
      const { next, message } = await patch({
        username,
        email,
        displayName,
        bio,
        language: String(form.get("language") ?? "en"),
        location,
        ...(emailChanging ? { currentPassword } : {}),
      });
      // The address changes only when the link mailed to it is opened: the field shows the
      // current one again, with the server's note beside it.
      setEmail(next.email);
      setUsername(next.username);
      setCurrentPassword("");
      setEmailNote(message ?? "");
      setSubmitted(false);
      toast({ title: "Profile updated", description: message, variant: "success" });
      setSaved(true);
    } catch (err) {
      // Everything typed stays; the server's reason shows beside its field and above Save.
      const text = errorMessage(err, PROFILE_TEXT.updateFailed);
      toast({ title: PROFILE_TEXT.updateFailed, description: text, variant: "destructive" });
      setError(text);
      const field = fieldOfServerText(text);
      if (field) {
        setServerErrors({ [field]: text });
        focusField(`profile-${field}`);
      }
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

  /** A switch as it is: hiding the IP address is the member's choice, else the site's default. */
  const isOn = (key: PrivacyKey) =>
    key === "hideIpAddress" ? hidesIpAddress(user.hideIpAddress, ipRelay) : user[key];

  async function toggle(key: PrivacyKey) {
    const value = !isOn(key);
    const before = user[key];
    setUser({ ...user, [key]: value });
    try {
      await patch({ [key]: value });
      toast({ title: "Profile updated", variant: "success" });
    } catch {
      setUser({ ...user, [key]: before });
      toast({ title: PROFILE_TEXT.updateFailed, variant: "destructive" });
    }
  }

  const editPw = (field: keyof typeof pw) => (value: string) => {
    setPw((p) => ({ ...p, [field]: value }));
    if (pwServerErrors[field]) setPwServerErrors(({ [field]: _, ...rest }) => rest);
  };

  async function onPassword(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    setPwSubmitted(true);
    const { currentPassword, newPassword, confirmPassword } = pw;
    const problem = validateReset({ newPassword, confirmPassword });
    if (problem) {
      setPwError(problem);
      focusField(problem === AUTH_TEXT.passwordsDiffer ? "pw-confirmPassword" : "pw-newPassword");
      return;
    }
    setPwError("");
    setPwServerErrors({});
    setPwBusy(true);
    try {
      await postJson("/api/user/password", { currentPassword, newPassword });
      toast({ title: AUTH_TEXT.passwordUpdated, variant: "success" });
      setPw({ currentPassword: "", newPassword: "", confirmPassword: "" });
      setPwSubmitted(false);
    } catch (err) {
      // The three fields keep what was typed; the server's reason shows beside its field.
      const text = errorMessage(err, PROFILE_TEXT.passwordFailed);
      toast({ title: PROFILE_TEXT.passwordFailed, description: text, variant: "destructive" });
      setPwError(text);
      const known = fieldOfServerText(text);
      const field = known === "password" ? "newPassword" : known;
      if (field === "currentPassword" || field === "newPassword") {
        setPwServerErrors({ [field]: text });
        focusField(`pw-${field}`);
      }
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
            <FormField
              id="profile-username"
              label="Username"
              name="username"
              value={username}
              onValue={edit("username", setUsername)}
              hint={RULE_HINT.username}
              check={checkUsername}
              count={{ n: charCount(normalizeUsername(username)), max: USERNAME_MAX_LENGTH }}
              serverError={serverErrors.username}
              submitted={submitted}
              autoComplete="username"
              autoCapitalize="none"
            />
            <FormField
              id="profile-email"
              label="Email"
              name="email"
              type="email"
              value={email}
              onValue={edit("email", setEmail)}
              check={checkEmail}
              serverError={serverErrors.email}
              submitted={submitted}
              autoComplete="email"
              autoCapitalize="none"
            />
            {emailChanging && (
              <FormField
                id="profile-currentPassword"
                label={SECURITY_TEXT.currentPasswordLabel}
                name="emailCurrentPassword"
                type="password"
                value={currentPassword}
                onValue={edit("currentPassword", setCurrentPassword)}
                hint={SECURITY_TEXT.currentPasswordHelp}
                serverError={serverErrors.currentPassword}
                autoComplete="current-password"
              />
            )}
            {emailNote && <p class="notice" role="status">{emailNote}</p>}
            <FormField
              id="profile-displayName"
              label="Display name"
              name="displayName"
              value={displayName}
              onValue={edit("displayName", setDisplayName)}
              check={checkDisplayName}
              count={{ n: charCount(displayName.trim()), max: DISPLAY_NAME_MAX_LENGTH }}
              serverError={serverErrors.displayName}
              submitted={submitted}
            />
            <FormField
              id="profile-bio"
              label="Bio"
              name="bio"
              rows={3}
              value={bio}
              onValue={edit("bio", setBio)}
              check={checkBio}
              count={{ n: charCount(bio.trim()), max: BIO_MAX_LENGTH }}
              serverError={serverErrors.bio}
              submitted={submitted}
            />
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
                    <p class="muted switch-help" id={`help-${s.key}`}>
                      {s.key !== "hideIpAddress"
                        ? s.help
                        : ipRelay.always
                        ? HIDE_IP_TEXT.always
                        : ipRelay.available
                        ? s.help
                        : HIDE_IP_TEXT.unavailable}
                    </p>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    class="switch"
                    aria-checked={isOn(s.key)}
                    aria-labelledby={`label-${s.key}`}
                    aria-describedby={`help-${s.key}`}
                    disabled={s.key === "hideIpAddress" && (ipRelay.always || !ipRelay.available)}
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
            <FormField
              id="pw-currentPassword"
              label="Current password"
              name="currentPassword"
              type="password"
              value={pw.currentPassword}
              onValue={editPw("currentPassword")}
              serverError={pwServerErrors.currentPassword}
              autoComplete="current-password"
            />
            <FormField
              id="pw-newPassword"
              label="New password"
              name="newPassword"
              type="password"
              value={pw.newPassword}
              onValue={editPw("newPassword")}
              hint={RULE_HINT.password}
              check={checkNewPassword}
              serverError={pwServerErrors.newPassword}
              submitted={pwSubmitted}
              autoComplete="new-password"
            />
            <FormField
              id="pw-confirmPassword"
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              value={pw.confirmPassword}
              onValue={editPw("confirmPassword")}
              autoComplete="new-password"
            />
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
