// Terms of Service (12 sections) and Privacy Policy (14 sections), Back to /profile.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { TermsSections } from "../../components/legal/TermsOfService.tsx";
import { PrivacySections } from "../../components/legal/PrivacyPolicy.tsx";
import { ipRelayOf } from "../../server/realtime/ice.ts";

export const LEGAL_UPDATED = "26 November 2026";

export function legalPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const legal = deps.config.legal;

  app.get("/terms-of-service", (c) =>
    page(c, deps, {
      title: "Terms of Service",
      back: "/profile",
      body: (
        <article class="legal" aria-labelledby="legal-title">
          <h1 id="legal-title">Terms of Service</h1>
          <p class="muted">Last updated: {LEGAL_UPDATED}</p>
          <TermsSections legal={legal} />
        </article>
      ),
    }));

  app.get("/privacy-policy", (c) =>
    page(c, deps, {
      title: "Privacy Policy",
      back: "/profile",
      body: (
        <article class="legal" aria-labelledby="legal-title">
          <h1 id="legal-title">Privacy Policy</h1>
          <p class="muted">Last updated: {LEGAL_UPDATED}</p>
          <PrivacySections legal={legal} ipRelay={ipRelayOf(deps.config.ice)} />
        </article>
      ),
    }));

  return app;
}
