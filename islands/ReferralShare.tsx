import { useState } from "react";
import { toast } from "../client/toast.ts";

export interface ReferralShareProps {
  code: string | null;
  link: string | null;
}

const TEXT = "Join me on Glimpse: live point-of-view video with strangers around the world.";

export default function ReferralShare({ code, link }: ReferralShareProps) {
  const [copied, setCopied] = useState(false);
  // With no unused code the page says how the next one is earned.
  if (!code || !link) return null;

  async function copy(toastTitle = "Referral link copied!") {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied(true);
      toast({ title: toastTitle, variant: "success" });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: "Could not copy the link", description: link!, variant: "destructive" });
    }
  }

  // The device's own share sheet where there is one; else the link is copied.
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: "Glimpse invitation", text: TEXT, url: link! });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
      }
    }
    await copy();
  }

  const text = encodeURIComponent(`${TEXT} ${link}`);
  return (
    <div class="stack">
      <p class="referral-code">
        Your code <strong>{code}</strong>
      </p>
      <label class="field">
        <span>Your invitation link</span>
        <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div class="button-row button-row-start">
        <button type="button" class="button button-primary" onClick={share}>Share</button>
        <button type="button" class="button button-secondary" onClick={() => copy()}>
          {copied ? "Copied!" : "Copy link"}
        </button>
        <a
          class="button button-secondary"
          href={`https://twitter.com/intent/tweet?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Share on X
        </a>
        <button
          type="button"
          class="button button-secondary"
          onClick={() => copy("Referral link copied! Paste it into your Instagram story or bio.")}
        >
          Instagram
        </button>
        <a
          class="button button-secondary"
          href={`https://wa.me/?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
      </div>
    </div>
  );
}
