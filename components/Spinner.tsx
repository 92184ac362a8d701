// A spinner with a label for screen readers ("Loading..." from the home catalog unless given: an
// island outside the home namespace passes its own).
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export function Spinner({ label }: { label?: string }) {
  return (
    <div class="spinner-wrap" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span class="sr-only">{label ?? t("loading")}</span>
    </div>
  );
}
