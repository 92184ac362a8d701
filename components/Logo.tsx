// The Glimpse logo: an aperture mark and the word mark, in three sizes (small, medium, large).
import { tr } from "../lib/shared/i18n/messages.ts";
import type home from "../lib/shared/i18n/catalog/home/en.ts";

const t = tr<typeof home>("home");

export type LogoSize = "small" | "medium" | "large";

const MARK_PX: Record<LogoSize, number> = { small: 24, medium: 36, large: 64 };

export function Logo({ size = "medium", href }: { size?: LogoSize; href?: string }) {
  const px = MARK_PX[size];
  const inner = (
    <>
      <svg
        class="logo-mark"
        width={px}
        height={px}
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id={`logo-g-${size}`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stop-color="#ff7a59" />
            <stop offset="1" stop-color="#a855f7" />
          </linearGradient>
        </defs>
        <circle cx="24" cy="24" r="22" fill={`url(#logo-g-${size})`} />
        <path
          d="M8 24c4.5-7 10-10.5 16-10.5S35.5 17 40 24c-4.5 7-10 10.5-16 10.5S12.5 31 8 24z"
          fill="#12091f"
        />
        <circle cx="24" cy="24" r="6.5" fill="#fff" />
        <circle cx="26.2" cy="21.8" r="2" fill="#12091f" />
      </svg>
      <span class="logo-word">Glimpse</span>
    </>
  );
  const cls = `logo logo-${size}`;
  return href
    ? (
      <a class={cls} href={href} aria-label={t("logoHome")}>
        {inner}
      </a>
    )
    : <span class={cls}>{inner}</span>;
}
