// /admin/invitations' new codes: how many were created, each code with its Copy button, and Copy
// all (one a line). A copied button says so for two seconds.
import { useState } from "react";
import { toast } from "../../lib/client/toast.ts";
import { t } from "./labels.ts";

export function InvitationCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<string | null>(null);

  async function copy(text: string, which: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(which);
      setTimeout(() => setCopied((c) => (c === which ? null : c)), 2000);
    } catch {
      toast({ title: t("copyFailed"), variant: "destructive" });
    }
  }

  return (
    <section class="card stack admin-invitations-codes" aria-labelledby="new-codes-title">
      <header class="card-head">
        <h2 id="new-codes-title" class="card-title">
          {t("invitationsCreated", { count: codes.length })}
        </h2>
        <button
          type="button"
          class="button button-secondary button-small"
          onClick={() => copy(codes.join("\n"), "all")}
        >
          {copied === "all" ? t("copied") : t("copyAll")}
        </button>
      </header>
      <ul class="admin-codes">
        {codes.map((code) => (
          <li key={code}>
            <code class="admin-code">{code}</code>
            <button
              type="button"
              class="button button-secondary button-small"
              onClick={() => copy(code, code)}
              aria-label={t("copyCode", { code })}
            >
              {copied === code ? t("copied") : t("copy")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
