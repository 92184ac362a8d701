// Public pages: welcome, test-welcome, the start/test page, the fallback screen.
import { Hono } from "hono";
import type { AppContext, AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { WelcomeScreen } from "../../components/WelcomeScreen.tsx";
import { Logo } from "../../components/Logo.tsx";
import { Icon } from "../../components/Icon.tsx";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type home from "../../lib/shared/i18n/catalog/home/en.ts";
import { said } from "../../lib/shared/i18n/said.ts";

const t = tr<typeof home>("home");

export function FallbackScreen({ path, notFound }: { path: string; notFound: boolean }) {
  return (
    <section class="center-screen" aria-labelledby="fallback-title">
      <Logo size="medium" />
      <h1 id="fallback-title">{notFound ? t("notFoundTitle") : "Glimpse"}</h1>
      <p class="muted">{notFound ? t("notFoundText", { path }) : t("simpleText")}</p>
      <div class="button-row">
        <a class="button button-primary" href="/">{t("goHome")}</a>
        <a class="button button-secondary" href="/subscriptions">{t("seePlansButton")}</a>
      </div>
    </section>
  );
}

/** /test: the start page (its texts are read while the page renders, in its language). */
function StartScreen() {
  return (
    <section class="center-screen" aria-labelledby="start-title">
      <Logo size="large" />
      <h1 id="start-title">{t("startExploring")}</h1>
      <div class="button-stack">
        <a class="button button-primary button-large" href="/auth">{t("getStarted")}</a>
        <a class="button button-secondary button-large" href="/auth?tab=login">{t("login")}</a>
        <a class="button button-ghost" href="/welcome">{t("aboutGlimpse")}</a>
      </div>
      <p class="notice" role="note">
        <Icon name="info" /> {t("liveMode")}
      </p>
    </section>
  );
}

export function publicPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const welcome = (c: AppContext) =>
    page(c, deps, {
      title: said("home.titleWelcome"),
      body: <WelcomeScreen />,
      sameForEveryGuest: true,
    });

  app.get("/welcome", welcome);
  app.get("/test-welcome", welcome);

  app.get("/test", (c) =>
    page(c, deps, {
      title: said("home.titleStart"),
      body: <StartScreen />,
      sameForEveryGuest: true,
    }));

  app.get(
    "/simple",
    (c) =>
      page(c, deps, {
        title: said("home.titleSimple"),
        body: <FallbackScreen path="/simple" notFound={false} />,
        sameForEveryGuest: true,
      }),
  );

  return app;
}
