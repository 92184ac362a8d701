// The landing page's picture of a call: a phone showing a partner's point of view (a harbour at
// sunset, drawn in SVG: no image to fetch), with the live view's real badges and reactions, and
// the three steps of a session. An illustration, labelled as one; nothing in it is a member.
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

const STEPS: { title: keyof typeof home; text: keyof typeof home }[] = [
  { title: "stepStartTitle", text: "stepStartText" },
  { title: "stepCameraTitle", text: "stepCameraText" },
  { title: "stepNextTitle", text: "stepNextText" },
];

export function LandingScene() {
  return (
    <section class="landing-scene" aria-labelledby="how-title">
      <figure class="phone" aria-hidden="true">
        <div class="phone-screen">
          <svg class="phone-view" viewBox="0 0 180 320" preserveAspectRatio="xMidYMid slice">
            <defs>
              <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stop-color="#3b1d5e" />
                <stop offset="0.55" stop-color="#ff7a59" />
                <stop offset="1" stop-color="#ffd166" />
              </linearGradient>
              <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stop-color="#2a1846" />
                <stop offset="1" stop-color="#12091f" />
              </linearGradient>
            </defs>
            <rect width="180" height="200" fill="url(#sky)" />
            <circle cx="120" cy="150" r="26" fill="#ffe3a3" opacity="0.9" />
            <path
              d="M0 170h14v-22h10v12h8v-30h12v40h9v-18h12v18h10v-26h6l6-10 6 10v26h11v-14h10v14h12v-36h10v36h9v-20h11v20h5v30H0z"
              fill="#1d1330"
            />
            <rect y="196" width="180" height="124" fill="url(#sea)" />
            <path
              d="M96 204h48M104 214h32M112 224h16M20 236h40M120 248h44"
              stroke="#ff9b80"
              stroke-width="2"
              stroke-linecap="round"
              opacity="0.55"
            />
            <path d="M40 262l20-14 22 14z" fill="#f5f3ff" opacity="0.85" />
            <path d="M36 262h50l-6 8H42z" fill="#c4bcd9" />
          </svg>
          <div class="phone-badges">
            <span class="badge">POV</span>
            <span class="badge">{t("sceneLocation")}</span>
            <span class="badge">{t("sceneTag")}</span>
            <span class="badge">00:12</span>
          </div>
          <span class="badge badge-secure phone-secure">{t("sceneEncrypted")}</span>
          <div class="phone-reactions">
            <span>❤️</span>
            <span>😮</span>
            <span>🔥</span>
          </div>
        </div>
      </figure>
      <div class="landing-steps">
        <h2 id="how-title" class="feature-title">{t("howTitle")}</h2>
        <ol class="steps">
          {STEPS.map((s) => (
            <li key={s.title}>
              <strong>{t(s.title)}</strong>
              <span class="muted">{t(s.text)}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
