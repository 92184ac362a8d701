// Browser state of the safety holds above /admin/reports' queue: the members on hold (the first
// pending page brings them), and the two ways out, Lift hold (with its confirmation) and Ban (with
// the ban dialog). After either the member leaves the list and `reload` asks for the reports again.
import { useState } from "react";
import { ApiError, getJson } from "../api.ts";
import { toast } from "../toast.ts";
import type { HeldMember } from "../../shared/admin.ts";
import { banMember, liftHold } from "./ban_client.ts";
import { accessDenied, isDenied } from "./hooks.ts";
import { t } from "./texts.ts";

export type HoldAction = { kind: "lift" | "ban"; member: HeldMember };

export function useHolds(initial: HeldMember[], reload: () => Promise<void>) {
  const [holds, setHolds] = useState(initial);
  const [acting, setActing] = useState<HoldAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function refresh() {
    const page = await getJson<{ holds?: HeldMember[] }>(
      "/api/admin/reports?status=pending&limit=1",
    )
      .catch(() => null);
    if (page?.holds) setHolds(page.holds);
    await reload();
  }

  async function confirm(ban?: { reason: string; days?: number }) {
    if (!acting) return;
    const { member } = acting;
    setBusy(true);
    try {
      if (ban) await banMember(member.id, ban.reason, ban.days);
      else await liftHold(member.id);
      toast(
        ban
          ? {
            title: t("banned"),
            description: t("bannedDescription", { username: member.username }),
            variant: "success",
          }
          : {
            title: t("holdLiftedToast"),
            description: t("holdLiftedDescription", { username: member.username }),
            variant: "success",
          },
      );
      setHolds((all) => all.filter((h) => h.id !== member.id));
      setActing(null);
    } catch (err) {
      if (isDenied(err)) return accessDenied();
      const text = err instanceof ApiError ? err.serverText ?? err.message : String(err);
      if (ban) setError(text);
      else {
        toast({
          title: t("error"),
          description: t("holdLiftFailed", { message: text }),
          variant: "destructive",
        });
        setActing(null);
      }
    } finally {
      setBusy(false);
    }
    await refresh();
  }

  return {
    holds,
    acting,
    busy,
    error,
    start(kind: HoldAction["kind"], member: HeldMember) {
      setError("");
      setActing({ kind, member });
    },
    cancel: () => setActing(null),
    confirm,
  };
}
