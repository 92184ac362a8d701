// Invite sharing after a successful registration: native share, copy link, and links for social,
// messaging and email. Used inside islands, so its buttons work after hydration.
import { useState } from "react";
import { toast } from "../lib/client/toast.ts";
import { tr } from "../lib/shared/i18n/messages.ts";
import type plans from "../lib/shared/i18n/catalog/plans/en.ts";

// The "plans" messages: the island that shows this (AuthPanel) embeds them.
const t = tr<typeof plans>("plans");

export function InviteShare({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const shareText = t("shareText");
  const text = encodeURIComponent(`${shareText} ${link}`);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: t("linkCopied"), variant: "success" });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t("copyFailed"), description: link, variant: "destructive" });
    }
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: t("shareTitle"), text: shareText, url: link });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
      }
    }
    await copy();
  }

  return (
    <div class="invite-share">
      <label class="field">
        <span>{t("inviteLink")}</span>
        <input
          readOnly
          value={link}
          class="invite-link"
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div class="button-row">
        <button type="button" class="button button-primary" onClick={share}>{t("share")}</button>
        <button type="button" class="button button-secondary" onClick={copy}>
          {copied ? t("copied") : t("copyLink")}
        </button>
      </div>
      <div class="share-links" aria-label={t("shareOn")}>
        <a
          class="chip"
          href={`https://twitter.com/intent/tweet?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("appX")}
        </a>
        <a
          class="chip"
          href={`https://wa.me/?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("appWhatsApp")}
        </a>
        <a
          class="chip"
          href={`https://t.me/share/url?url=${encodeURIComponent(link)}&text=${
            encodeURIComponent(shareText)
          }`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t("appTelegram")}
        </a>
        <a
          class="chip"
          href={`mailto:?subject=${encodeURIComponent(t("mailSubject"))}&body=${text}`}
        >
          {t("email")}
        </a>
      </div>
    </div>
  );
}
