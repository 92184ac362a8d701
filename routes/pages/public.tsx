// Public pages: welcome, test-welcome, the start/test page, the fallback screen.
import { Hono } from "hono";
import type { AppContext, AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { WelcomeScreen } from "../../components/WelcomeScreen.tsx";
import { Logo } from "../../components/Logo.tsx";
import { Icon } from "../../components/Icon.tsx";

export function FallbackScreen({ path, notFound }: { path: string; notFound: boolean }) {
  return (
    <section class="center-screen" aria-labelledby="fallback-title">
      <Logo size="medium" />
      <h1 id="fallback-title">{notFound ? "Page not found" : "Glimpse"}</h1>
      <p class="muted">
        {notFound
          ? `There is nothing at ${path}. It may have moved, or the link may be mistyped.`
          : "A lightweight page of Glimpse. Everything starts from the home screen."}
      </p>
      <div class="button-row">
        <a class="button button-primary" href="/">Go to Home</a>
        <a class="button button-secondary" href="/subscriptions">See plans</a>
      </div>
    </section>
  );
}

export function publicPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const welcome = (c: AppContext) => page(c, deps, { title: "Welcome", body: <WelcomeScreen /> });

  app.get("/welcome", welcome);
  app.get("/test-welcome", welcome);

  app.get("/test", (c) =>
    page(c, deps, {
      title: "Start",
      body: (
        <section class="center-screen" aria-labelledby="start-title">
          <Logo size="large" />
          <h1 id="start-title">Start exploring</h1>
          <div class="button-stack">
            <a class="button button-primary button-large" href="/auth">Get Started</a>
            <a class="button button-secondary button-large" href="/auth?tab=login">Login</a>
            <a class="button button-ghost" href="/welcome">About Glimpse</a>
          </div>
          <p class="notice" role="note">
            <Icon name="info" /> Live mode: test features are disabled.
          </p>
        </section>
      ),
    }));

  app.get(
    "/simple",
    (c) =>
      page(c, deps, { title: "Glimpse", body: <FallbackScreen path="/simple" notFound={false} /> }),
  );

  return app;
}
