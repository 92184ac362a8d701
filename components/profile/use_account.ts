// The state of /profile's account form (components/profile/AccountForm.tsx), kept by the island so
// it outlives a switch to the other tab: the values, the note about a new address, the short
// 'Saved' flag, the locating state, and the save itself (the shared rules first, in the server's
// order, then the PATCH).
import { useEffect, useState } from "react";
import type { JSX } from "react";
import { errorMessage } from "../../lib/client/api.ts";
import { firstProblem, useForm } from "../../lib/client/form.ts";
import { locateMe, LocationError } from "../../lib/client/location.ts";
import { toast } from "../../lib/client/toast.ts";
import {
  checkBio,
  checkDisplayName,
  checkEmail,
  checkLocation,
  checkUsername,
  RULE_PROBLEM,
} from "../../lib/shared/auth/rules.ts";
import type { PublicUser } from "../../lib/shared/auth/types.ts";
import { splitLocation } from "../../lib/shared/profile.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import { said, say } from "../../lib/shared/i18n/said.ts";
import type profile from "../../lib/shared/i18n/catalog/profile/en.ts";
import { refuse } from "../auth/texts.ts";

const t = tr<typeof profile>("profile");

/** Saves a change to the profile; the island keeps the member the server answers with. */
export type PatchProfile = (
  body: Record<string, unknown>,
) => Promise<{ next: PublicUser; message?: string }>;

export function accountValues(user: PublicUser) {
  const place = splitLocation(user.location);
  return {
    username: user.username,
    email: user.email,
    currentPassword: "",
    displayName: user.displayName,
    bio: user.bio,
    country: place.country,
    city: place.city,
  };
}

export function useAccount(
  initial: PublicUser,
  user: PublicUser,
  setUser: (update: (u: PublicUser) => PublicUser) => void,
  patch: PatchProfile,
) {
  const form = useForm(accountValues(initial), (field) => `profile-${field}`);
  const [emailNote, setEmailNote] = useState("");
  const [saved, setSaved] = useState(false);
  const [locating, setLocating] = useState(false);
  const { username, email, currentPassword, displayName, bio, country, city } = form.values;
  // A new address (not the same one in another case) needs the current password.
  const emailChanging = email.trim().toLowerCase() !== user.email.toLowerCase();

  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(false), 2000);
    return () => clearTimeout(t);
  }, [saved]);

  async function locate() {
    setLocating(true);
    try {
      const place = await locateMe();
      form.update({ values: { country: place.country, city: place.city } });
      setUser((u) => ({ ...u, location: place.location }));
      form.update({ error: "" });
      toast({ title: t("locationUpdated"), description: place.location, variant: "success" });
    } catch (err) {
      toast({
        title: err instanceof LocationError ? say(err.reason) : t("geoFailed"),
        variant: "destructive",
      });
    } finally {
      setLocating(false);
    }
  }

  async function onSave(e: JSX.TargetedEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    form.update({ submitted: true });
    const location = `${city.trim()}, ${country.trim()}`;
    // The shared rules, in the order the server checks them.
    const first = firstProblem([
      ["displayName", checkDisplayName(displayName).problem],
      ["bio", checkBio(bio).problem],
      ["username", checkUsername(username).problem],
      ["email", checkEmail(email).problem],
      [
        "currentPassword",
        emailChanging && !currentPassword ? said("auth.currentPasswordRequired") : null,
      ],
      [
        "location",
        !country.trim() || !city.trim()
          ? RULE_PROBLEM.locationRequired
          : checkLocation(location).problem,
      ],
    ]);
    if (first) return form.problem(say(first[1]), first[0]);
    form.send();
    try {
      const { next, message } = await patch({
        username,
        email,
        displayName,
        bio,
        language: String(data.get("language") ?? "en"),
        location,
        ...(emailChanging ? { currentPassword } : {}),
      });
      // The address changes only when the link mailed to it is opened: the field shows the
      // current one again, with the server's note beside it.
      form.update({
        values: { email: next.email, username: next.username, currentPassword: "" },
        submitted: false,
      });
      // The note about a new address (the server's, in the page's language).
      setEmailNote(message ?? "");
      toast({ title: t("profileUpdated"), description: message, variant: "success" });
      setSaved(true);
    } catch (err) {
      // Everything typed stays; the server's reason shows beside its field and above Save.
      const text = errorMessage(err, t("updateFailed"));
      toast({ title: t("updateFailed"), description: text, variant: "destructive" });
      refuse(form, text);
    } finally {
      form.update({ busy: false });
    }
  }

  return { form, emailChanging, emailNote, saved, locating, locate, onSave };
}

export type Account = ReturnType<typeof useAccount>;
