// The page the service worker shows when a page cannot be fetched: it says so and offers Retry,
// which asks again for the address the member was opening (an empty link is the page itself).
// It names no member and links nowhere else: offline, no other page would load either.
import { Logo } from "./Logo.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

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
