// The page the service worker shows when a page cannot be fetched: it says so and offers Retry,
// which asks again for the address the member was opening (an empty link is the page itself).
// It names no member and links nowhere else: offline, no other page would load either.
import { Logo } from "./Logo.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

// The English texts (the home catalog's offlineTitle, offlineDescription, offlineNote and retry
// mirror them). "Wi‑Fi" with a non-breaking hyphen, so a narrow screen never splits it.
export const OFFLINE_TEXT = {
  title: "You are offline",
  description:
    "This page could not load: there is no connection to Glimpse. Check your Wi‑Fi or mobile data, then try again.",
  note: "Live video, matches and your account need a connection.",
  retry: "Retry",
} as const;

export function OfflineScreen() {
  return (
    <section class="center-screen offline-screen" aria-labelledby="offline-title">
      <Logo size="medium" />
      <h1 id="offline-title">{t("offlineTitle")}</h1>
      <p class="muted">{t("offlineDescription")}</p>
      <p class="muted offline-note">{t("offlineNote")}</p>
      <a class="button button-primary button-large" href="">{t("retry")}</a>
    </section>
  );
}
