// Invite sharing after a successful registration: native share, copy link, and links for social,
// messaging and email. Used inside islands, so its buttons work after hydration.
import { useState } from "react";
import { toast } from "../client/toast.ts";

const SHARE_TEXT = "Join me on Glimpse: live point-of-view video with strangers around the world.";

export function InviteShare({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const text = encodeURIComponent(`${SHARE_TEXT} ${link}`);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: "Referral link copied!", variant: "success" });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: "Could not copy the link", description: link, variant: "destructive" });
    }
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: "Glimpse invitation", text: SHARE_TEXT, url: link });
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
        <span>Your invitation link</span>
        <input
          readOnly
          value={link}
          class="invite-link"
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div class="button-row">
        <button type="button" class="button button-primary" onClick={share}>Share</button>
        <button type="button" class="button button-secondary" onClick={copy}>
          {copied ? "Copied!" : "Copy link"}
        </button>
      </div>
      <div class="share-links" aria-label="Share on">
        <a
          class="chip"
          href={`https://twitter.com/intent/tweet?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          X / Twitter
        </a>
        <a
          class="chip"
          href={`https://wa.me/?text=${text}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
        <a
          class="chip"
          href={`https://t.me/share/url?url=${encodeURIComponent(link)}&text=${
            encodeURIComponent(SHARE_TEXT)
          }`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Telegram
        </a>
        <a
          class="chip"
          href={`mailto:?subject=${encodeURIComponent("Join me on Glimpse")}&body=${text}`}
        >
          Email
        </a>
      </div>
    </div>
  );
}
