// The /auth screens that say what happened (role=status): a link on its way, a password set, and
// the welcome after registration.
import type { ComponentChildren } from "preact";
import { InviteShare } from "../InviteShare.tsx";
import { t } from "./texts.ts";

export interface NoticeProps {
  title: string;
  children: ComponentChildren;
  /** The button's text; it leads back to the login tab. */
  action: string;
  /** A primary button rather than a secondary one. */
  primary?: boolean;
  go: (tab: "login") => void;
}

/** A step done, and the button back to the login tab. */
export function Notice({ title, children, action, primary, go }: NoticeProps) {
  return (
    <div class="form" role="status">
      <h1 class="card-title">{title}</h1>
      <p class="muted">{children}</p>
      <button
        type="button"
        class={primary ? "button button-primary" : "button button-secondary"}
        onClick={() => go("login")}
      >
        {action}
      </button>
    </div>
  );
}

export function Welcome(
  { registered }: { registered?: { username: string; inviteLink?: string } },
) {
  return (
    <div class="form" role="status">
      <h1 class="card-title">
        {registered ? t("welcomeNamed", { username: registered.username }) : t("welcome")}
      </h1>
      <p class="muted">{t("welcomeText")}</p>
      {registered?.inviteLink && <InviteShare link={registered.inviteLink} />}
      <a class="button button-primary button-block" href="/">{t("startExploring")}</a>
    </div>
  );
}
