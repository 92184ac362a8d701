// The direct admin page's alerts: a red Error alert and a green Success alert (titled 'Error' and
// 'Success' unless the message has its own title).
import { t } from "./labels.ts";

export function AdminAlert(
  { kind, text, title }: { kind: "error" | "success"; text: string; title?: string },
) {
  return (
    <div
      class={`admin-alert admin-alert-${kind}`}
      role={kind === "error" ? "alert" : "status"}
    >
      <p class="admin-alert-title">{title ?? (kind === "error" ? t("error") : t("success"))}</p>
      <p class="admin-alert-text">{text}</p>
    </div>
  );
}
