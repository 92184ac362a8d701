// /direct-admin's own sign-in form: email and password, the page's banners under the title, and
// Login ('Logging in...' while it runs). The form's state is client/admin/use_direct_admin.ts's.
import type { ComponentChildren } from "preact";
import { ADMIN_TEXT } from "../../shared/admin.ts";
import type { DirectLoginState } from "../../client/admin/use_direct_admin.ts";
import { FormField } from "../FormField.tsx";

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
          <h1 id="admin-login-title" class="card-title">{ADMIN_TEXT.loginTitle}</h1>
          <p class="muted">{ADMIN_TEXT.loginDescription}</p>
        </div>
        {children}
        <label class="field">
          <span>Email</span>
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
          label="Password"
          name="password"
          type="password"
          value={login.password}
          onValue={login.setPassword}
          autoComplete="current-password"
          required
        />
        <button type="submit" class="button button-primary button-block" disabled={login.busy}>
          {login.busy ? ADMIN_TEXT.loggingIn : "Login"}
        </button>
      </form>
    </div>
  );
}
