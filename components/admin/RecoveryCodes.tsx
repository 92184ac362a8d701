// The recovery codes just made, shown this once: each works once in place of an authenticator
// code. Copy all puts them on the clipboard (one a line), Download saves them as a text file;
// Continue goes on to the admin page the administrator came from.
import { useState } from "react";
import { toast } from "../../lib/client/toast.ts";
import { t } from "./labels.ts";

export function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join("\n") + "\n";

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t("copyFailed"), variant: "destructive" });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "glimpse-recovery-codes.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section class="card stack admin-factor" aria-labelledby="recovery-title">
      <h1 id="recovery-title" class="page-title">{t("sfRecoveryTitle")}</h1>
      <p>{t("sfRecoveryIntro")}</p>
      <ul class="admin-codes admin-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code class="admin-code">{code}</code>
          </li>
        ))}
      </ul>
      <div class="button-row">
        <button type="button" class="button button-secondary" onClick={copy}>
          {copied ? t("copied") : t("copyAll")}
        </button>
        <button type="button" class="button button-secondary" onClick={download}>
          {t("sfDownload")}
        </button>
        <a class="button button-primary" href={next}>{t("sfContinue")}</a>
      </div>
    </section>
  );
}
