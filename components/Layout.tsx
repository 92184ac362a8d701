// The app shell on every page: header with the logo, an optional back button and the 'Profile'
// link; the guest 'Login / Register' button; the verification-banner slot; the page itself; the
// toast region; the bottom navigation.
import type { ComponentChildren } from "preact";
import { NAV_ITEMS } from "../lib/shared/constants.ts";
import type { SessionUser } from "../lib/shared/auth/types.ts";
import { Icon } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import { type Said, say } from "../lib/shared/i18n/said.ts";
import type common from "../lib/shared/i18n/catalog/common/en.ts";

const t = tr<typeof common>("common");

/** The bottom navigation's labels, by address. */
const NAV_LABEL = {
  "/": "navHome",
  "/subscriptions": "navPremium",
  "/map-discovery": "navDiscover",
  "/profile": "navProfile",
} as const;

export interface Flash {
  /** info: news that is neither good nor bad (e.g. nobody to meet right now). */
  kind: "success" | "failure" | "info";
  title: Said;
  description?: Said;
}

export interface LayoutProps {
  path: string;
  user: SessionUser | null;
  back?: string;
  banner?: ComponentChildren;
  flash?: Flash | null;
  /** Hide the header and bottom navigation (full-screen call screens). */
  bare?: boolean;
  children: ComponentChildren;
}

const GUEST_BUTTON_HIDDEN_ON = new Set(["/auth", "/welcome"]);

function isCurrent(path: string, href: string) {
  return href === "/" ? path === "/" : path === href || path.startsWith(href + "/");
}

export function Layout({ path, user, back, banner, flash, bare, children }: LayoutProps) {
  return (
    <div class={bare ? "shell shell-bare" : "shell"}>
      <a class="skip-link" href="#main">{t("skipToContent")}</a>
      {!bare && (
        <header class="app-header">
          <div class="app-header-inner">
            {back && (
              <a class="icon-button back-button" href={back} aria-label={t("back")}>
                <Icon name="back" />
              </a>
            )}
            <Logo size="small" href="/" />
            <nav class="header-links" aria-label={t("account")}>
              {user
                ? <a class="header-link" href="/profile">{t("profile")}</a>
                : !GUEST_BUTTON_HIDDEN_ON.has(path) && (
                  <a class="button button-primary button-small" href="/auth">
                    {t("loginRegister")}
                  </a>
                )}
            </nav>
          </div>
        </header>
      )}
      {banner}
      <main id="main" class="page" tabIndex={-1}>
        {children}
      </main>
      {!bare && (
        <footer class="site-footer" aria-label={t("footer")}>
          <LanguageSwitcher path={path} />
          <p class="site-footer-links">
            <a href="/terms-of-service">{t("terms")}</a>
            <a href="/privacy-policy">{t("privacy")}</a>
          </p>
        </footer>
      )}
      <section class="toasts" id="toasts" aria-live="polite" aria-label={t("notifications")}>
        {flash && (
          <div
            class={`toast toast-${flash.kind} toast-auto-${flash.kind}`}
            role={flash.kind === "failure" ? "alert" : "status"}
          >
            <p class="toast-title">{say(flash.title)}</p>
            {flash.description && <p class="toast-description">{say(flash.description)}</p>}
          </div>
        )}
      </section>
      {!bare && (
        <nav class="bottom-nav" aria-label={t("mainNav")}>
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  class="bottom-nav-item"
                  aria-current={isCurrent(path, item.href) ? "page" : undefined}
                >
                  <Icon name={item.icon} />
                  <span>{t(NAV_LABEL[item.href])}</span>
                </a>
              </li>
            ))}
            {user && (
              <li>
                <form method="post" action="/api/logout" class="bottom-nav-form">
                  <button type="submit" class="bottom-nav-item">
                    <Icon name="logout" />
                    <span>{t("logout")}</span>
                  </button>
                </form>
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
