// How the call's connection is doing, beside the encryption badge: three bars and a word from
// this member's own measure (net_quality.ts), or, when theirs is fine and the partner's page says
// the partner's is poor, that the partner's connection is the weak one.
import type { NetView } from "../../lib/client/session/core.ts";
import { tr } from "../../lib/shared/i18n/messages.ts";
import type live from "../../lib/shared/i18n/catalog/live/en.ts";

const t = tr<typeof live>("live");

const TEXT = { good: "netGood", fair: "netFair", poor: "netPoor" } as const;
const BARS = { good: 3, fair: 2, poor: 1 } as const;

export function NetworkBadge({ net }: { net: NetView }) {
  if (!net.mine) return null;
  const partnerWeak = net.partner === "poor" && net.mine !== "poor";
  const level = partnerWeak ? "poor" : net.mine;
  return (
    <span
      class={`badge net-badge net-${level}`}
      role="status"
      data-net={net.mine}
      data-partner-net={net.partner ?? ""}
    >
      <span class="net-bars" aria-hidden="true">
        {[1, 2, 3].map((i) => <i key={i} class={i <= BARS[level] ? "on" : undefined} />)}
      </span>
      {t(partnerWeak ? "netPartnerWeak" : TEXT[net.mine])}
    </span>
  );
}
