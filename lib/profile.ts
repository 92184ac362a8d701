// Profile texts (validation and failure messages) and helpers shared by the profile page and the
// API.
import type { Language } from "./auth/types.ts";
import { PROFILE_RULE_TEXT } from "./auth/rules.ts";

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  zh: "Chinese",
  ja: "Japanese",
};

export const PROFILE_TEXT = {
  locationRequired: PROFILE_RULE_TEXT.locationRequired,
  updateFailed: "Failed to update profile. Please try again.",
  passwordFailed: "Failed to update password. Please try again.",
  avatarFailed: "Failed to update your profile picture. Please try again.",
  deleteFailed: "Failed to delete account. Please try again.",
  notImage: "Please select an image file.",
  deleteConfirm:
    "Are you sure you want to delete your account? You will be signed out and this cannot be undone.",
} as const;

/** 'City, Country' → its parts; the country is what follows the last comma. */
export function splitLocation(location: string): { city: string; country: string } {
  const i = location.lastIndexOf(",");
  if (i < 0) return { city: "", country: location.trim() };
  return { city: location.slice(0, i).trim(), country: location.slice(i + 1).trim() };
}
