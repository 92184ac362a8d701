// The /auth tab list (Login, Register): arrow keys, Home and End move between the tabs.
import type { JSX } from "react";
import { focusField } from "../../lib/client/form.ts";
import type { AuthTab } from "../../lib/shared/auth/rules.ts";
import { type AuthKey, t } from "./texts.ts";

const TABS: { id: "login" | "register"; label: AuthKey }[] = [
  { id: "login", label: "tabLogin" },
  { id: "register", label: "tabRegister" },
];

export function AuthTabs({ tab, go }: { tab: AuthTab; go: (tab: AuthTab) => void }) {
  function onTabKey(e: JSX.TargetedKeyboardEvent<HTMLDivElement>) {
    const i = TABS.findIndex((x) => x.id === tab);
    const next = e.key === "ArrowRight"
      ? (i + 1) % TABS.length
      : e.key === "ArrowLeft"
      ? (i + TABS.length - 1) % TABS.length
      : e.key === "Home"
      ? 0
      : e.key === "End"
      ? TABS.length - 1
      : -1;
    if (next < 0) return;
    e.preventDefault();
    go(TABS[next].id);
    focusField(`tab-${TABS[next].id}`);
  }

  return (
    <div class="tabs" role="tablist" aria-label={t("tabsLabel")} onKeyDown={onTabKey}>
      {TABS.map((x) => (
        <button
          key={x.id}
          type="button"
          role="tab"
          id={`tab-${x.id}`}
          aria-selected={tab === x.id}
          aria-controls={`panel-${x.id}`}
          tabIndex={tab === x.id ? 0 : -1}
          class="tab"
          onClick={() => go(x.id)}
        >
          {t(x.label)}
        </button>
      ))}
    </div>
  );
}
