// The welcome / landing screen: headline, Get Started to /auth, a picture of a call with the
// three steps of a session, and three feature cards.
import { Icon, type IconName } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";
import { LandingScene } from "./LandingScene.tsx";
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";
import type common from "../lib/shared/i18n/catalog/common/en.ts";

const t = tr<typeof home>("home");
const tc = tr<typeof common>("common");

type HomeKey = keyof typeof home;

const FEATURES: { icon: IconName; title: HomeKey; text: HomeKey }[] = [
  { icon: "video", title: "featurePovTitle", text: "featurePovText" },
  { icon: "shield", title: "featurePrivateTitle", text: "featurePrivateText" },
  { icon: "globe", title: "featureInviteTitle", text: "featureInviteText" },
];

export function WelcomeScreen() {
  return (
    <div class="welcome">
      <section class="hero" aria-labelledby="welcome-title">
        <Logo size="large" />
        <h1 id="welcome-title" class="hero-title">{t("heroTitle")}</h1>
        <p class="hero-subtitle">{t("heroSubtitle")}</p>
        <div class="button-row hero-actions">
          <a class="button button-primary button-large" href="/auth">{t("getStarted")}</a>
          <a class="button button-secondary button-large" href="/auth?tab=login">
            {t("haveAccount")}
          </a>
        </div>
      </section>
      <LandingScene />
      <section class="feature-grid" aria-label={t("whyGlimpse")}>
        {FEATURES.map((f) => (
          <article class="card feature-card" key={f.title}>
            <span class="feature-icon">
              <Icon name={f.icon} size={24} />
            </span>
            <h2 class="feature-title">{t(f.title)}</h2>
            <p class="muted">{t(f.text)}</p>
          </article>
        ))}
      </section>
      <footer class="site-footer">
        <a href="/terms-of-service">{tc("terms")}</a>
        <a href="/privacy-policy">{tc("privacy")}</a>
        <a href="/subscriptions">{t("plans")}</a>
      </footer>
    </div>
  );
}
