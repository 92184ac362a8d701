// The welcome / landing screen: headline, Get Started to /auth, a picture of a call with the
// three steps of a session, and three feature cards.
import { Icon, type IconName } from "./Icon.tsx";
import { Logo } from "./Logo.tsx";
import { LandingScene } from "./LandingScene.tsx";

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "video",
    title: "Live point of view",
    text:
      "Point your rear camera at where you are and see where a stranger is, live, for thirty seconds.",
  },
  {
    icon: "shield",
    title: "Private by design",
    text:
      "Face blur, on by default, blurs the faces it finds in your video on your device before sending. The safety shield keeps your partner's video blurred until your device has checked it. Your exact location never leaves our server, and no video is stored there.",
  },
  {
    icon: "globe",
    title: "Invite-only, adults only",
    text:
      "Members join with an invitation, are 18 or older, and can report or block anyone in one tap.",
  },
];

export function WelcomeScreen() {
  return (
    <div class="welcome">
      <section class="hero" aria-labelledby="welcome-title">
        <Logo size="large" />
        <h1 id="welcome-title" class="hero-title">See the world through a stranger's eyes</h1>
        <p class="hero-subtitle">
          Glimpse pairs you with someone somewhere else for a short live point-of-view video call.
        </p>
        <div class="button-row hero-actions">
          <a class="button button-primary button-large" href="/auth">Get Started</a>
          <a class="button button-secondary button-large" href="/auth?tab=login">
            I have an account
          </a>
        </div>
      </section>
      <LandingScene />
      <section class="feature-grid" aria-label="Why Glimpse">
        {FEATURES.map((f) => (
          <article class="card feature-card" key={f.title}>
            <span class="feature-icon">
              <Icon name={f.icon} size={24} />
            </span>
            <h2 class="feature-title">{f.title}</h2>
            <p class="muted">{f.text}</p>
          </article>
        ))}
      </section>
      <footer class="site-footer">
        <a href="/terms-of-service">Terms of Service</a>
        <a href="/privacy-policy">Privacy Policy</a>
        <a href="/subscriptions">Plans</a>
      </footer>
    </div>
  );
}
