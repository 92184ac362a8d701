// /direct-admin's own sign-in form: email and password, the page's banners under the title, and
// Login ('Logging in...' while it runs). The form's state is lib/client/admin/use_direct_admin.ts's.
import type { ComponentChildren } from "preact";
import type { DirectLoginState } from "../../lib/client/admin/use_direct_admin.ts";
import { FormField } from "../FormField.tsx";
import { t } from "./labels.ts";

export function DirectLogin(
  { login, children }: {
    login: DirectLoginState;
    /** The banners. */
    children: ComponentChildren;
  },
) {
  return (
    <div class="narrow stack direct-admin">
      <form class="card form" onSubmit={login.onLogin} aria-labelledby="admin-login-title">
        <div>
          <h1 id="admin-login-title" class="card-title">{t("loginTitle")}</h1>
          <p class="muted">{t("loginDescription")}</p>
        </div>
        {children}
        <label class="field">
          <span>{t("loginEmail")}</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={login.email}
            onInput={(e) => login.setEmail(e.currentTarget.value)}
          />
        </label>
        <FormField
          id="admin-password"
          label={t("loginPassword")}
          name="password"
          type="password"
          value={login.password}
          onValue={login.setPassword}
          autoComplete="current-password"
          required
        />
        <button type="submit" class="button button-primary button-block" disabled={login.busy}>
          {login.busy ? t("loggingIn") : t("login")}
        </button>
      </form>
    </div>
  );
}
