// Browser toasts: failures stay 5 s, successes 3 s. Toasts are plain DOM in the layout's #toasts
// region, so any island can raise one without a toast island on the page.
import { tr } from "../shared/i18n/messages.ts";
import type common from "../shared/i18n/catalog/common/en.ts";
import { TOAST_MS } from "../shared/constants.ts";

const say = tr<typeof common>("common");

export interface ToastInput {
  title: string;
  description?: string;
  /** "destructive" is a failure; "default" and "success" are successes; "info" neutral news. */
  variant?: "default" | "success" | "destructive" | "info";
  durationMs?: number;
}

export function toast({ title, description, variant = "default", durationMs }: ToastInput) {
  const region = document.getElementById("toasts");
  if (!region) return;
  const failure = variant === "destructive";
  const el = document.createElement("div");
  el.className = `toast toast-${failure ? "failure" : variant === "info" ? "info" : "success"}`;
  el.setAttribute("role", failure ? "alert" : "status");
  const t = document.createElement("p");
  t.className = "toast-title";
  t.textContent = title;
  el.append(t);
  if (description) {
    const d = document.createElement("p");
    d.className = "toast-description";
    d.textContent = description;
    el.append(d);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", say("dismissNotification"));
  close.textContent = "×";
  close.addEventListener("click", () => el.remove());
  el.append(close);
  region.append(el);
  setTimeout(() => el.remove(), durationMs ?? (failure ? TOAST_MS.failure : TOAST_MS.success));
}
