import { useState } from "react";
import { toast } from "../lib/client/toast.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type plans from "../lib/shared/i18n/catalog/plans/en.ts";

const t = tr<typeof plans>("plans");

export interface ReferralShareProps {
  code: string | null;
  link: string | null;
}

export default function ReferralShare({ code, link }: ReferralShareProps) {
  const [copied, setCopied] = useState(false);
  // With no unused code the page says how the next one is earned.
  if (!code || !link) return null;
  const shareText = t("shareText");

  async function copy(toastTitle = t("linkCopied")) {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied(true);
      toast({ title: toastTitle, variant: "success" });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t("copyFailed"), description: link!, variant: "destructive" });
    }
  }

  // The device's own share sheet where there is one; else the link is copied.
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: t("shareTitle"), text: shareText, url: link! });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
      }
    }
    await copy();
  }

  const text = encodeURIComponent(`${shareText} ${link}`);
  return (
    <div class="stack">
      <p class="referral-code">
        {t("yourCode")} <strong>{code}</strong>
      </p>
      <label class="field">
        <span>{t("inviteLink")}</span>
        <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div class="button-row button-row-start">
        <button type="button" class="button button-primary" onClick={share}>{t("share")}</button>
        <button type="button" class="button button-secondary" onClick={() => copy()}>
          {copied ? t("copied") : t("copyLink")}
        </button>
        <a
          class="button button-secondary"
          href={`https://twitter.com/intent/tweet?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("shareOnX")}
        </a>
        <button
          type="button"
          class="button button-secondary"
          onClick={() => copy(t("instagramCopied"))}
        >
          {t("appInstagram")}
        </button>
        <a
          class="button button-secondary"
          href={`https://wa.me/?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("appWhatsApp")}
        </a>
      </div>
    </div>
  );
}
