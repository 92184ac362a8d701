// The /auth tab list (Login, Register): arrow keys, Home and End move between the tabs.
import type { JSX } from "react";
import { focusField } from "../../client/form.ts";
import type { AuthTab } from "../../shared/auth/rules.ts";

const TABS: { id: "login" | "register"; label: string }[] = [
  { id: "login", label: "Login" },
  { id: "register", label: "Register" },
];

export function AuthTabs({ tab, go }: { tab: AuthTab; go: (tab: AuthTab) => void }) {
  function onTabKey(e: JSX.TargetedKeyboardEvent<HTMLDivElement>) {
    const i = TABS.findIndex((t) => t.id === tab);
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
    <div class="tabs" role="tablist" aria-label="Sign in or register" onKeyDown={onTabKey}>
      {TABS.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={`tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          class="tab"
          onClick={() => go(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
