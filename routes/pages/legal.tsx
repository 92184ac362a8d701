// Terms of Service (12 sections) and Privacy Policy (14 sections), Back to /profile.
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.tsx";
import { page } from "../context.tsx";
import { TermsOfService } from "../../components/legal/TermsOfService.tsx";
import { PrivacyPolicy } from "../../components/legal/PrivacyPolicy.tsx";
import { ipRelayOf } from "../../lib/server/realtime/ice.ts";
import { said } from "../../lib/shared/i18n/said.ts";

export { LEGAL_UPDATED } from "../../components/legal/LegalArticle.tsx";

export function legalPages(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const legal = deps.config.legal;

  app.get("/terms-of-service", (c) =>
    page(c, deps, {
      title: said("common.terms"),
      back: "/profile",
      body: <TermsOfService legal={legal} />,
      sameForEveryGuest: true,
    }));

  app.get("/privacy-policy", (c) =>
    page(c, deps, {
      title: said("common.privacy"),
      back: "/profile",
      body: <PrivacyPolicy legal={legal} ipRelay={ipRelayOf(deps.config.ice)} />,
      sameForEveryGuest: true,
    }));

  return app;
}
